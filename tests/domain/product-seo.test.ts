import { describe, expect, it } from 'vitest';
import { jsonForScript, metaDescription, productJsonLd } from '../../src/domain/product-seo.ts';

describe('metaDescription', () => {
  it('keeps a short text on one line', () => {
    expect(metaDescription('  Κάρτα\n\nσε  άριστη   κατάσταση. ', 'x')).toBe('Κάρτα σε άριστη κατάσταση.');
  });

  it('uses the fallback when the text is empty', () => {
    expect(metaDescription(' \n ', 'Κάρτα LeBron James')).toBe('Κάρτα LeBron James');
  });

  it('cuts a long text at a word, with an ellipsis, within 160 characters', () => {
    const text = 'Συλλεκτική κάρτα σε άριστη κατάσταση, '.repeat(10);
    const meta = metaDescription(text, '');
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(meta.endsWith('…')).toBe(true);
    expect(text.startsWith(meta.slice(0, -1))).toBe(true);
    expect(meta).not.toMatch(/[\s,]…$/);
  });

  it('cuts one endless word too', () => {
    expect(metaDescription('x'.repeat(400), '')).toBe(`${'x'.repeat(159)}…`);
  });
});

describe('productJsonLd', () => {
  const base = {
    title: 'LeBron James #23',
    description: 'Gold\n/10',
    priceCents: 1250,
    available: 2,
    variantId: 'gid://shop/ProductVariant/7',
    url: 'https://shop.example/product/gid%3A%2F%2Fshop%2FProductVariant%2F7',
    images: ['https://shop.example/media/a.webp'],
  };

  it('describes a Product with an in-stock Offer in EUR', () => {
    expect(productJsonLd(base)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'LeBron James #23',
      description: 'Gold /10',
      sku: base.variantId,
      url: base.url,
      image: base.images,
      offers: {
        '@type': 'Offer',
        price: '12.50',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: base.url,
        sku: base.variantId,
      },
    });
  });

  it('marks sold-out stock OutOfStock and untracked stock InStock', () => {
    const offer = (available: number | null) =>
      (productJsonLd({ ...base, available }).offers as { availability: string }).availability;
    expect(offer(0)).toBe('https://schema.org/OutOfStock');
    expect(offer(null)).toBe('https://schema.org/InStock');
  });

  it('leaves out the Offer without a price, and an empty description', () => {
    const product = productJsonLd({ ...base, priceCents: null, description: ' ' });
    expect(product).not.toHaveProperty('offers');
    expect(product).not.toHaveProperty('description');
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
