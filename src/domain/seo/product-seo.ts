import type { BreadcrumbList, Graph, Offer, ProductLeaf, Thing } from 'schema-dts';
import type { CardFacts } from '../card-facts/facts.ts';
import { factProperties, itemConditionOf } from '../card-facts/seo.ts';
import { isInStock } from '../catalog/product-page.ts';
import { SHOP_POLICY } from '../catalog/shop-policy.ts';
import { centsToAmount } from '../text/money.ts';

/** Search engines cut descriptions around here. */
export const META_DESCRIPTION_MAX = 160;

/**
 * A one-line plain-text meta description of at most 160 characters, cut at a word with an ellipsis;
 * `fallback` when the text is empty.
 */
export function metaDescription(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || fallback.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const room = line.slice(0, META_DESCRIPTION_MAX - 1);
  const lastSpace = room.lastIndexOf(' ');
  // Cut at a word unless that throws away most of the text (one very long word).
  const cut = lastSpace > META_DESCRIPTION_MAX / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:·-]+$/, '')}…`;
}

export type ProductSeoInput = {
  title: string;
  /** Plain text. */
  description: string;
  priceCents: number | null;
  available: number | null;
  variantId: string;
  /** Absolute URL of the product page (the canonical, variant-id URL). */
  url: string;
  /** Absolute image URLs, in gallery order. */
  images: readonly string[];
  /** The card's maker: its manufacturer fact, else the maker the title names. */
  brand: string | null;
  /** Card facts: condition and additionalProperty (decision 051). */
  facts?: CardFacts;
  /** Courier shipping in cents (the shop's settings). */
  shippingCents: number;
  /** The last day the price is promised for (YYYY-MM-DD). */
  priceValidUntil: string;
  seller: { name: string; url: string };
};

/**
 * schema.org Product with an Offer, for rich results: Google's required fields and its recommended
 * ones (brand, condition, shipping, returns, seller, price validity). A product without a price
 * gets no Offer, since an Offer without a price is invalid. Typed with schema-dts, so a wrong
 * property or value does not compile.
 */
export function productJsonLd(input: ProductSeoInput): ProductLeaf {
  const product: ProductLeaf = {
    '@type': 'Product',
    name: input.title,
    sku: input.variantId,
    url: input.url,
    image: [...input.images],
  };
  const description = input.description.replace(/\s+/g, ' ').trim();
  if (description) product.description = description.slice(0, 5000);
  if (input.brand) product.brand = { '@type': 'Brand', name: input.brand };
  if (input.facts) {
    product.itemCondition = itemConditionOf(input.facts);
    const properties = factProperties(input.facts);
    if (properties.length > 0) product.additionalProperty = properties;
  }
  if (input.priceCents !== null) product.offers = offerOf(input, input.priceCents);
  return product;
}

function offerOf(input: ProductSeoInput, priceCents: number): Offer {
  return {
    '@type': 'Offer',
    price: centsToAmount(priceCents),
    priceCurrency: 'EUR',
    priceValidUntil: input.priceValidUntil,
    availability: isInStock(input.available) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    // From the card's condition or grade; without either, as it came out of the pack (decisions 043, 051).
    itemCondition: input.facts ? itemConditionOf(input.facts) : 'https://schema.org/NewCondition',
    url: input.url,
    sku: input.variantId,
    seller: { '@type': 'Organization', name: input.seller.name, url: input.seller.url },
    shippingDetails: {
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: centsToAmount(input.shippingCents), currency: 'EUR' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: SHOP_POLICY.shippingCountry },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days(SHOP_POLICY.handlingDays),
        transitTime: days(SHOP_POLICY.transitDays),
      },
    },
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: SHOP_POLICY.shippingCountry,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: SHOP_POLICY.returnDays,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    },
  };
}

const days = (range: { min: number; max: number }) =>
  ({ '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitCode: 'DAY' }) as const;

/** A price is promised for a year from the day the page is rendered (decision 043). */
export function priceValidUntil(today: Date): string {
  const until = new Date(today);
  until.setUTCFullYear(until.getUTCFullYear() + 1);
  return until.toISOString().slice(0, 10);
}

/** The path from the home page to a page, as schema.org's BreadcrumbList (absolute URLs). */
export function breadcrumbJsonLd(crumbs: ReadonlyArray<{ name: string; url: string }>): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** Several schema.org nodes in one JSON-LD block. */
export function jsonLdGraph(...nodes: Thing[]): Graph {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/**
 * JSON safe to place inside a <script> element: '<', '>' and '&' become \u escapes, so a title holding
 * '</script>' cannot end the element, and the JSON still parses to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
