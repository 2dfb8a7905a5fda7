import type { Graph, Offer, ProductLeaf } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import {
  breadcrumbJsonLd,
  jsonForScript,
  jsonLdGraph,
  metaDescription,
  priceValidUntil,
  productJsonLd,
} from '../../../src/domain/seo/product-seo.ts';

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
    title: '2023-24 Panini Prizm LeBron James #23',
    description: 'Gold\n/10',
    priceCents: 1250,
    available: 2,
    variantId: 'gid://shop/ProductVariant/7',
    url: 'https://shop.example/product/gid%3A%2F%2Fshop%2FProductVariant%2F7',
    images: ['https://shop.example/media/a.webp'],
    brand: 'Panini',
    shippingCents: 350,
    priceValidUntil: '2027-11-23',
    seller: { name: 'CardVault', url: 'https://shop.example/' },
  };

  it("describes a Product with Google's required and recommended fields", () => {
    const product: ProductLeaf = productJsonLd(base);
    expect(product).toEqual({
      '@type': 'Product',
      name: base.title,
      description: 'Gold /10',
      sku: base.variantId,
      url: base.url,
      image: base.images,
      brand: { '@type': 'Brand', name: 'Panini' },
      offers: {
        '@type': 'Offer',
        price: '12.50',
        priceCurrency: 'EUR',
        priceValidUntil: '2027-11-23',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: base.url,
        sku: base.variantId,
        seller: { '@type': 'Organization', name: 'CardVault', url: 'https://shop.example/' },
        shippingDetails: {
          '@type': 'OfferShippingDetails',
          shippingRate: { '@type': 'MonetaryAmount', value: '3.50', currency: 'EUR' },
          shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GR' },
          deliveryTime: {
            '@type': 'ShippingDeliveryTime',
            handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
            transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 4, unitCode: 'DAY' },
          },
        },
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'GR',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 14,
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
        },
      } satisfies Offer,
    });
  });

  it('marks sold-out stock OutOfStock and untracked stock InStock', () => {
    const offer = (available: number | null) =>
      (productJsonLd({ ...base, available }).offers as { availability: string }).availability;
    expect(offer(0)).toBe('https://schema.org/OutOfStock');
    expect(offer(null)).toBe('https://schema.org/InStock');
  });

  it('leaves out the Offer without a price, an empty description and an unknown brand', () => {
    const product = productJsonLd({ ...base, priceCents: null, description: ' ', brand: null });
    expect(product).not.toHaveProperty('offers');
    expect(product).not.toHaveProperty('description');
    expect(product).not.toHaveProperty('brand');
  });

  it('promises a price for a year from the day of the page', () => {
    expect(priceValidUntil(new Date('2026-11-23T10:00:00Z'))).toBe('2027-11-23');
  });
});

describe('breadcrumbJsonLd and jsonLdGraph', () => {
  it('numbers the crumbs from 1 and puts nodes in one graph', () => {
    const crumbs = breadcrumbJsonLd([
      { name: 'Αρχική', url: 'https://shop.example/' },
      { name: 'Singles', url: 'https://shop.example/singles' },
    ]);
    const graph: Graph = jsonLdGraph(crumbs);
    expect(graph).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Αρχική', item: 'https://shop.example/' },
            { '@type': 'ListItem', position: 2, name: 'Singles', item: 'https://shop.example/singles' },
          ],
        },
      ],
    });
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

describe('productJsonLd with card facts', () => {
  const base = {
    title: '2018-19 Panini Prizm Luka Doncic #280 Silver RC PSA 10',
    description: '',
    priceCents: 50000,
    available: 1,
    variantId: 'gid://shop/ProductVariant/7',
    url: 'https://shop.example/product/7',
    images: ['https://shop.example/media/a.webp'],
    brand: 'Panini',
    shippingCents: 350,
    priceValidUntil: '2027-11-23',
    seller: { name: 'CardVault', url: 'https://shop.example/' },
  };
  const facts = {
    ...EMPTY_FACTS,
    year: '2018-19',
    manufacturer: 'Panini',
    set: 'Prizm',
    cardNumber: '280',
    parallel: 'Silver',
    rookie: true,
    serialNumber: 23,
    printRun: 99,
    grader: 'PSA' as const,
    grade: 10,
    certNumber: '87654321',
  };

  it('maps condition and the other facts to itemCondition and additionalProperty', () => {
    const product = productJsonLd({ ...base, facts });
    expect(product.itemCondition).toBe('https://schema.org/NewCondition');
    expect((product.offers as Offer).itemCondition).toBe('https://schema.org/NewCondition');
    expect(product.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Season', value: '2018-19' },
      { '@type': 'PropertyValue', name: 'Set', value: 'Prizm' },
      { '@type': 'PropertyValue', name: 'Card number', value: '280' },
      { '@type': 'PropertyValue', name: 'Parallel', value: 'Silver' },
      { '@type': 'PropertyValue', name: 'Rookie card', value: true },
      { '@type': 'PropertyValue', name: 'Serial number', value: '23/99' },
      { '@type': 'PropertyValue', name: 'Grader', value: 'PSA' },
      { '@type': 'PropertyValue', name: 'Grade', value: 10 },
      { '@type': 'PropertyValue', name: 'Certificate number', value: '87654321' },
    ]);
  });

  it.each([
    [{ grader: 'RAW' as const, condition: 'NEAR_MINT' as const }, 'https://schema.org/NewCondition'],
    [{ grader: 'RAW' as const, condition: 'EXCELLENT' as const }, 'https://schema.org/UsedCondition'],
    [{ grader: 'RAW' as const, condition: 'POOR' as const }, 'https://schema.org/DamagedCondition'],
    [{ grader: 'BGS' as const, grade: 8.5 }, 'https://schema.org/UsedCondition'],
    [{ grader: 'PSA' as const, grade: 1 }, 'https://schema.org/DamagedCondition'],
  ])('%o is %s', (over, condition) => {
    const product = productJsonLd({ ...base, facts: { ...EMPTY_FACTS, ...over } });
    expect((product.offers as Offer).itemCondition).toBe(condition);
    expect(product.itemCondition).toBe(condition);
  });
});
