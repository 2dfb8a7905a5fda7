import { describe, expect, it } from 'vitest';
import {
  BULK_MESSAGES,
  bulkChange,
  bulkDeleteQuestion,
  bulkSummary,
  offerPrices,
  withOfferTag,
  withoutOfferTag,
} from '../../../src/domain/admin/bulk-actions.ts';
import { productInputSchema } from '../../../src/domain/catalog/product.ts';
import { aProduct } from '../../helpers/product.ts';

describe('offerPrices', () => {
  it('lowers the price by the percent, to the nearest cent, and keeps the price before as compare-at', () => {
    expect(offerPrices(1000, null, 20)).toEqual({ priceCents: 800, compareAtCents: 1000 });
    // 999 × 0.85 = 849.15 → 849; 333 × 0.5 = 166.5 → 167 (half up).
    expect(offerPrices(999, null, 15)).toEqual({ priceCents: 849, compareAtCents: 999 });
    expect(offerPrices(333, null, 50)).toEqual({ priceCents: 167, compareAtCents: 333 });
  });

  it('counts from an existing higher compare-at price, so the same percent twice stays that percent', () => {
    expect(offerPrices(800, 1000, 20)).toEqual({ priceCents: 800, compareAtCents: 1000 });
    expect(offerPrices(800, 1000, 50)).toEqual({ priceCents: 500, compareAtCents: 1000 });
    // A compare-at not above the price means no offer: the price is the one before.
    expect(offerPrices(800, 700, 10)).toEqual({ priceCents: 720, compareAtCents: 800 });
  });

  it('refuses a price the discount cannot lower', () => {
    expect(offerPrices(0, null, 20)).toBeNull();
    expect(offerPrices(1, null, 5)).toBeNull();
  });
});

describe('the offer tag', () => {
  it('goes last, once, as the product form writes it: the team stays first', () => {
    expect(withOfferTag(['Olympiacos'])).toEqual(['Olympiacos', 'offer']);
    expect(withOfferTag(['Olympiacos', 'rookie'])).toEqual(['Olympiacos', 'rookie', 'offer']);
    expect(withOfferTag(['Olympiacos', 'Offer', 'rookie'])).toEqual(['Olympiacos', 'rookie', 'offer']);
    expect(withOfferTag([])).toEqual(['offer']);
  });

  it('comes off whatever its case', () => {
    expect(withoutOfferTag(['Olympiacos', 'OFFER', 'rookie'])).toEqual(['Olympiacos', 'rookie']);
  });
});

describe('bulkChange', () => {
  const card = (fields = {}) =>
    aProduct({
      title: 'Sasha Vezenkov Prizm',
      tags: ['Olympiacos'],
      priceCents: 1000,
      available: 3,
      images: [{ id: 'gid://shop/MediaImage/7', url: '/m/7.webp', alt: '', width: 10, height: 14 }],
      ...fields,
    });

  it('gives a card on offer the type /offers lists', () => {
    const change = bulkChange(card({ productType: '' }), { action: 'offer-on', percent: 10 });
    expect(change).toMatchObject({ kind: 'write', input: { productType: 'Card', priceCents: 900 } });
  });

  it('puts a card on offer with its other fields as they are, valid for every adapter', () => {
    const product = card();
    const change = bulkChange(product, { action: 'offer-on', percent: 20 });
    expect(change).toEqual({
      kind: 'write',
      input: {
        title: product.title,
        descriptionHtml: product.descriptionHtml,
        tags: ['Olympiacos', 'offer'],
        productType: 'Card',
        priceCents: 800,
        compareAtCents: 1000,
        quantity: 3,
        mediaIds: ['gid://shop/MediaImage/7'],
        facts: product.facts,
      },
    });
    if (change.kind === 'write') expect(productInputSchema.safeParse(change.input).success).toBe(true);
  });

  it('takes a card off offer: the price before comes back, the compare-at price and the tag go', () => {
    const change = bulkChange(
      card({ tags: ['Olympiacos', 'offer'], priceCents: 800, compareAtCents: 1000 }),
      {
        action: 'offer-off',
      },
    );
    expect(change).toMatchObject({
      kind: 'write',
      input: { priceCents: 1000, compareAtCents: null, tags: ['Olympiacos'] },
    });
  });

  it('sets the stock, keeping the offer', () => {
    const change = bulkChange(card({ priceCents: 800, compareAtCents: 1000 }), {
      action: 'stock',
      quantity: 0,
    });
    expect(change).toMatchObject({
      kind: 'write',
      input: { quantity: 0, priceCents: 800, compareAtCents: 1000 },
    });
  });

  it('writes nothing when the product is already so', () => {
    expect(bulkChange(card(), { action: 'offer-off' })).toEqual({ kind: 'unchanged' });
    expect(bulkChange(card(), { action: 'stock', quantity: 3 })).toEqual({ kind: 'unchanged' });
    const onOffer = card({ tags: ['Olympiacos', 'offer'], priceCents: 800, compareAtCents: 1000 });
    expect(bulkChange(onOffer, { action: 'offer-on', percent: 20 })).toEqual({ kind: 'unchanged' });
  });

  it('skips what it cannot do, with a reason', () => {
    expect(bulkChange(card({ priceCents: null }), { action: 'offer-on', percent: 20 })).toEqual({
      kind: 'skipped',
      reason: BULK_MESSAGES.noPrice,
    });
    expect(bulkChange(card({ priceCents: 0 }), { action: 'offer-on', percent: 20 })).toEqual({
      kind: 'skipped',
      reason: BULK_MESSAGES.priceTooLow,
    });
    expect(bulkChange(card({ priceCents: null }), { action: 'stock', quantity: 2 })).toEqual({
      kind: 'skipped',
      reason: BULK_MESSAGES.noPrice,
    });
    // Only cards go on offer (decision 089); a pack or a LOT can still come off one.
    const pack = card({ title: 'Any pack', productType: 'Mystery Pack', tags: [] });
    expect(bulkChange(pack, { action: 'offer-on', percent: 20 })).toEqual({
      kind: 'skipped',
      reason: BULK_MESSAGES.offerCardsOnly,
    });
    expect(bulkChange({ ...pack, compareAtCents: 2000 }, { action: 'offer-off' })).toMatchObject({
      kind: 'write',
      input: { priceCents: 2000, compareAtCents: null },
    });
    // A write sets the stock: an untracked product would come out sold out.
    expect(bulkChange(card({ available: null }), { action: 'offer-on', percent: 20 })).toEqual({
      kind: 'skipped',
      reason: BULK_MESSAGES.untracked,
    });
  });
});

describe('the texts', () => {
  it('sums up what was done in Greek', () => {
    expect(bulkSummary('offer-on', 5, 0)).toBe('Ενημερώθηκαν 5 προϊόντα.');
    expect(bulkSummary('stock', 1, 0)).toBe('Ενημερώθηκε 1 προϊόν.');
    expect(bulkSummary('delete', 3, 0)).toBe('Διαγράφηκαν 3 προϊόντα.');
    expect(bulkSummary('delete', 2, 1)).toBe('Διαγράφηκαν 2 προϊόντα. Δεν έγινε για 1 προϊόν.');
    expect(bulkSummary('offer-off', 0, 2)).toBe('Κανένα προϊόν δεν ενημερώθηκε. Δεν έγινε για 2 προϊόντα.');
  });

  it('asks before a delete, naming how many', () => {
    expect(bulkDeleteQuestion(1)).toBe('Να διαγραφεί οριστικά 1 επιλεγμένο προϊόν;');
    expect(bulkDeleteQuestion(4)).toBe('Να διαγραφούν οριστικά 4 επιλεγμένα προϊόντα;');
  });
});
