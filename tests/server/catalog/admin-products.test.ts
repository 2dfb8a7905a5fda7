import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '../../../src/domain/errors.ts';
import {
  productFormSchema,
  saveProduct,
  toAdminProduct,
} from '../../../src/server/catalog/admin-products.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

type FormBody = z.input<typeof productFormSchema>;

let shop: TempShop;

beforeEach(async () => {
  shop = openTempShop();
  const player = (name: string) => ({ name, image: '/images/default-player.svg' });
  await shop.container.documents.putCategory({
    id: 'euroleague',
    name: 'Euroleague',
    teams: [
      { name: 'Olympiacos', image: '', players: [player('Sasha Vezenkov'), player('Evan Fournier')] },
      { name: 'Panathinaikos', image: '', players: [player('Kendrick Nunn')] },
    ],
  });
});

afterEach(() => {
  shop.remove();
});

const body = (changes: Partial<FormBody> = {}): FormBody => ({
  title: 'Sasha Vezenkov Prizm Silver',
  price: '2,50',
  team: 'Olympiacos',
  quantity: '3',
  descriptionEnabled: true,
  descriptionHtml: '<p>Near mint</p>',
  mediaIds: [],
  ...changes,
});

/** Saves through the endpoint's own schema, as the API does. */
const save = (id: string | null, changes: Partial<FormBody> = {}) =>
  saveProduct(shop.container, id, productFormSchema.parse(body(changes)));

async function refusal(id: string | null, changes: Partial<FormBody>): Promise<AppError> {
  try {
    await save(id, changes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('saveProduct accepted bad input');
}

async function state() {
  return {
    products: countRows(shop.container, 'products'),
    variants: countRows(shop.container, 'variants'),
    tags: countRows(shop.container, 'product_tags'),
    productMedia: countRows(shop.container, 'product_media'),
    version: await shop.container.commerce.version(),
  };
}

async function storedImage(name: string): Promise<string> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  return (await shop.container.media.store(png, name)).id;
}

const BAD_INPUTS: Array<[string, Partial<FormBody>, string, string]> = [
  ['an empty team', { team: '' }, 'team', 'Παρακαλώ επιλέξτε μία ομάδα.'],
  ['an empty price', { price: '' }, 'price', 'Η τιμή είναι υποχρεωτική.'],
  [
    'a price with a dot',
    { price: '1.50' },
    'price',
    'Η τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.',
  ],
  [
    'a price with three decimals',
    { price: '1,505' },
    'price',
    'Η τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.',
  ],
  [
    'a title without a player of the team',
    { title: 'Kendrick Nunn Rookie' },
    'title',
    'Ο τίτλος πρέπει να περιέχει το όνομα ενός παίκτη από την επιλεγμένη ομάδα.',
  ],
  ['an empty title', { title: '  ' }, 'title', 'Το πεδίο title είναι υποχρεωτικό'],
  [
    'a negative stock',
    { quantity: '-1' },
    'quantity',
    'Το απόθεμα πρέπει να είναι ακέραιος αριθμός από 0 και πάνω.',
  ],
  [
    'a fractional stock',
    { quantity: '1.5' },
    'quantity',
    'Το απόθεμα πρέπει να είναι ακέραιος αριθμός από 0 και πάνω.',
  ],
  ['three images', { mediaIds: ['a', 'b', 'c'] }, 'images', 'Μπορείτε να ανεβάσετε έως 2 εικόνες.'],
];

describe('saveProduct on creation', () => {
  it.each(BAD_INPUTS)(
    'refuses %s with the form message and writes nothing',
    async (_, changes, field, message) => {
      const before = await state();
      const error = await refusal(null, changes);
      expect(error.kind).toBe('invalid');
      expect(error.message).toBe(message);
      expect(error.fields[field]).toBe(message);
      expect(await state()).toEqual(before);
    },
  );

  it('refuses an image id that was never uploaded and writes nothing', async () => {
    const before = await state();
    const error = await refusal(null, { mediaIds: ['gid://shop/MediaImage/999'] });
    expect(error.kind).toBe('invalid');
    expect(await state()).toEqual(before);
  });

  it('creates the product: price from the comma, team as the first tag, images in order', async () => {
    const first = await storedImage('front.png');
    const second = await storedImage('back.png');
    const saved = await save(null, { mediaIds: [second, first] });
    const admin = toAdminProduct(saved.product);
    expect(admin).toMatchObject({
      title: 'Sasha Vezenkov Prizm Silver',
      team: 'Olympiacos',
      tags: ['Olympiacos'],
      priceCents: 250,
      quantity: 3,
      descriptionHtml: '<p>Near mint</p>',
    });
    expect(admin.images.map((image) => image.id)).toEqual([second, first]);
    expect(saved.product.productType).toBe('Card');
    expect(saved.warnings).toEqual([]);
  });

  it('defaults an empty stock to 0 and drops the description when unticked', async () => {
    const saved = await save(null, { quantity: '', descriptionEnabled: false });
    expect(saved.product.available).toBe(0);
    expect(saved.product.descriptionHtml).toBe('');
  });

  it('accepts the stock as a number, as the schema allows', async () => {
    const saved = await save(null, { quantity: 5 });
    expect(saved.product.available).toBe(5);
  });
});

describe('saveProduct on update', () => {
  async function offerProduct() {
    const created = await shop.container.commerce.createProduct({
      title: 'Sasha Vezenkov Prizm Silver',
      descriptionHtml: '<p>old</p>',
      tags: ['Olympiacos', 'offer', 'rookie'],
      productType: 'Card',
      priceCents: 100,
      quantity: 1,
      mediaIds: [await storedImage('old.png')],
    });
    return created.product;
  }

  it('keeps the other tags (such as offer) and the product type', async () => {
    const product = await offerProduct();
    const saved = await save(product.id, { title: 'Evan Fournier Gold', price: '4', quantity: '0' });
    expect(saved.product.tags).toEqual(['Olympiacos', 'offer', 'rookie']);
    expect(saved.product.productType).toBe('Card');
    expect(saved.product).toMatchObject({ title: 'Evan Fournier Gold', priceCents: 400, available: 0 });
    expect(saved.product.images).toEqual([]);
  });

  it('replaces the team tag and keeps the rest, without repeating the new team', async () => {
    const product = await offerProduct();
    const changed = await save(product.id, { team: 'Panathinaikos', title: 'Kendrick Nunn' });
    expect(changed.product.tags).toEqual(['Panathinaikos', 'offer', 'rookie']);

    const withTeamTag = await shop.container.commerce.createProduct({
      title: 'Sasha Vezenkov',
      tags: ['Olympiacos', 'offer', 'Panathinaikos'],
      priceCents: 100,
      quantity: 1,
    });
    const moved = await save(withTeamTag.product.id, { team: 'Panathinaikos', title: 'Kendrick Nunn' });
    expect(moved.product.tags).toEqual(['Panathinaikos', 'offer']);
  });

  it.each(BAD_INPUTS)('refuses %s and leaves the product as it was', async (_, changes, field, message) => {
    const product = await offerProduct();
    const before = await state();
    const error = await refusal(product.id, changes);
    expect([error.kind, error.message, error.fields[field]]).toEqual(['invalid', message, message]);
    expect(await state()).toEqual(before);
    expect(await shop.container.commerce.getProduct(product.id)).toEqual(product);
  });

  it('refuses an unknown product', async () => {
    const error = await refusal('gid://shop/Product/424242', {});
    expect(error.kind).toBe('not_found');
    expect(countRows(shop.container, 'products')).toBe(0);
  });
});
