import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../../src/domain/catalog/product.ts';
import { MYSTERY_PACK_TITLES } from '../../../src/domain/catalog/title-lists.ts';
import {
  type AdminListParams,
  adminListAnswer,
  adminListSchema,
  listAdminProducts,
} from '../../../src/server/catalog/admin-list.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';
import { subscribe } from '../stock-alerts/helpers.ts';

let shop: TempShop;

const player = (name: string) => ({ name, image: '' });

beforeEach(async () => {
  shop = openTempShop();
  await shop.container.documents.putCategory({
    id: 'euroleague',
    name: 'Euroleague',
    teams: [
      { name: 'Olympiacos', image: '', players: [player('Sasha Vezenkov')] },
      { name: 'Panathinaikos', image: '', players: [player('Kendrick Nunn')] },
    ],
  });
  await shop.container.documents.putCategory({
    id: 'nba-atlantic',
    name: 'Atlantic',
    teams: [{ name: 'Boston Celtics', image: '', players: [player('Jayson Tatum')] }],
  });
});
afterEach(() => shop.remove());

async function create(title: string, fields: Partial<ProductInput> = {}) {
  return (
    await shop.container.commerce.createProduct({
      title,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1000,
      quantity: 5,
      ...fields,
    })
  ).product;
}

/** The titles the list answers for a query string, newest first. */
async function titles(search: string): Promise<string[]> {
  const params = adminListSchema.parse(Object.fromEntries(new URLSearchParams(search)));
  const page = await listAdminProducts(shop.container, { ...params, pageSize: 50 } as AdminListParams);
  return page.products.map((product) => product.title);
}

describe('the dashboard list of every product, on the embedded engine', () => {
  beforeEach(async () => {
    await create('Sasha Vezenkov Prizm');
    await create('Sasha Vezenkov Offer', {
      tags: ['Olympiacos', 'offer'],
      priceCents: 800,
      compareAtCents: 1000,
    });
    await create('Kendrick Nunn Low', { tags: ['Panathinaikos'], quantity: 2 });
    await create('Jayson Tatum Sold Out', { tags: ['Boston Celtics'], quantity: 0 });
    await create(MYSTERY_PACK_TITLES[0], { tags: [], productType: 'Mystery Pack', quantity: 25 });
    await create('Olympiacos LOT', { productType: 'LOT', quantity: 1 });
  });

  it('holds every sport and type without filters', async () => {
    expect(await titles('')).toEqual([
      'Olympiacos LOT',
      MYSTERY_PACK_TITLES[0],
      'Jayson Tatum Sold Out',
      'Kendrick Nunn Low',
      'Sasha Vezenkov Offer',
      'Sasha Vezenkov Prizm',
    ]);
  });

  it('filters by type, offer, sport, team and stock, together', async () => {
    expect(await titles('kind=mystery-pack')).toEqual([MYSTERY_PACK_TITLES[0]]);
    expect(await titles('kind=lot')).toEqual(['Olympiacos LOT']);
    expect(await titles('kind=card&offer=yes')).toEqual(['Sasha Vezenkov Offer']);
    expect(await titles('kind=card&offer=no')).toEqual([
      'Jayson Tatum Sold Out',
      'Kendrick Nunn Low',
      'Sasha Vezenkov Prizm',
    ]);
    expect(await titles('sport=NBA')).toEqual(['Jayson Tatum Sold Out']);
    expect(await titles('sport=EUROLEAGUE&kind=card&offer=no')).toEqual([
      'Kendrick Nunn Low',
      'Sasha Vezenkov Prizm',
    ]);
    expect(await titles('team=panathinaikos')).toEqual(['Kendrick Nunn Low']);
    // A team of another sport finds nothing.
    expect(await titles('sport=NBA&team=Olympiacos')).toEqual([]);
    expect(await titles('stock=sold-out')).toEqual(['Jayson Tatum Sold Out']);
    expect(await titles('stock=in-stock&kind=card')).toEqual([
      'Kendrick Nunn Low',
      'Sasha Vezenkov Offer',
      'Sasha Vezenkov Prizm',
    ]);
    // Low is 1 up to the shop's threshold (2 at first).
    expect(await titles('stock=low')).toEqual(['Olympiacos LOT', 'Kendrick Nunn Low']);
    const settings = await shop.container.settings.get();
    await shop.container.settings.save({ ...settings, stock: { lowStockThreshold: 5 } });
    expect(await titles('stock=low&kind=card')).toEqual([
      'Kendrick Nunn Low',
      'Sasha Vezenkov Offer',
      'Sasha Vezenkov Prizm',
    ]);
  });

  it('searches names only, sorts and pages', async () => {
    expect(await titles('search=vezenkov&sort=name')).toEqual([
      'Sasha Vezenkov Offer',
      'Sasha Vezenkov Prizm',
    ]);
    expect(await titles('sort=price-asc&kind=card')).toEqual([
      'Sasha Vezenkov Offer',
      'Jayson Tatum Sold Out',
      'Kendrick Nunn Low',
      'Sasha Vezenkov Prizm',
    ]);
    const page = await listAdminProducts(
      shop.container,
      adminListSchema.parse({ page: '2', pageSize: '10' }),
    );
    expect(page).toMatchObject({ total: 6, page: 1, pageCount: 1 });
  });

  it('takes values it does not know as no filter, as a bad sort is newest', () => {
    expect(
      adminListSchema.parse({ kind: 'box', offer: 'maybe', stock: 'lots', sort: 'random', pageSize: '7' }),
    ).toEqual({ sort: 'newest', page: 1, pageSize: 10 });
    expect(() => adminListSchema.parse({ sport: 'CRICKET' })).toThrow();
  });

  it('answers rows with type, compare-at price, team without the offer tag and sport, and the threshold', async () => {
    await create('Offer without team', { tags: ['offer'], productType: 'Mystery Pack' });
    const soldOut = (
      await shop.container.commerce.searchProducts({
        search: 'Sold Out',
        sort: 'newest',
        page: 1,
        pageSize: 1,
      })
    ).products[0];
    if (!soldOut) throw new Error('no sold-out card');
    await subscribe(shop.container, soldOut, 'waiting@example.gr');
    const answer = await adminListAnswer(shop.container, adminListSchema.parse({ pageSize: '20' }));
    expect(answer.lowStockThreshold).toBe(2);
    const row = (title: string) => answer.products.find((product) => product.title === title);
    expect(row('Sasha Vezenkov Offer')).toMatchObject({
      team: 'Olympiacos',
      sport: 'EUROLEAGUE',
      productType: 'Card',
      priceCents: 800,
      compareAtCents: 1000,
      quantity: 5,
    });
    expect(row('Jayson Tatum Sold Out')).toMatchObject({ sport: 'NBA', quantity: 0 });
    expect(row('Offer without team')).toMatchObject({ team: '', sport: null, productType: 'Mystery Pack' });
    expect(answer.waiting).toEqual({ [soldOut.id]: 1 });
  });
});
