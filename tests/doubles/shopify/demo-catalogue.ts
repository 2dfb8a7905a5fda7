import { CARD_ART_HEIGHT, CARD_ART_WIDTH, renderCardArt } from '../../../scripts/seed/card-art.ts';
import { SEED_CATEGORIES } from '../../../scripts/seed/categories.ts';
import { demoProducts } from '../../../scripts/seed/products.ts';
import { mapLimit } from '../../../scripts/seed/seed-shop.ts';
import {
  CARD_METAFIELDS,
  CARD_NAMESPACE,
  factsToMetafields,
} from '../../../src/adapters/commerce-shopify/card-metafields.ts';
import type { ShopifyDouble } from './server.ts';

/**
 * The demo catalogue the embedded engine seeds (scripts/seed), put into the double as a shop owner's
 * Shopify store would hold it: published, priced, tracked and stocked, each with its card art on
 * the double's CDN. Same order, so "newest" and the fixed title lists match the engine's demo.
 */
export async function seedDemoCatalogue(double: ShopifyDouble): Promise<number> {
  const products = demoProducts(SEED_CATEGORIES);
  // The owner's store has the card-fact definitions the shop creates (decision 052).
  for (const field of CARD_METAFIELDS)
    if (!double.store.definitionOf(CARD_NAMESPACE, field.key))
      double.store.definitions.push({
        id: double.store.nextId('MetafieldDefinition'),
        name: field.name,
        namespace: CARD_NAMESPACE,
        key: field.key,
        type: field.type,
        ownerType: 'PRODUCT',
        storefront: 'PUBLIC_READ',
      });
  const art = await mapLimit(products, 4, (product) => renderCardArt(product.art));
  products.forEach((product, index) => {
    const url = double.hostFile(`card-${index + 1}.jpg`, art[index] ?? new Uint8Array(), 'image/jpeg');
    double.store.seedProduct({
      title: product.title,
      descriptionHtml: product.descriptionHtml,
      tags: product.tags,
      productType: product.productType,
      priceCents: product.priceCents,
      compareAtCents: product.compareAtCents,
      quantity: product.quantity,
      metafields: factsToMetafields(product.facts).set,
      images: [{ url, alt: product.title, width: CARD_ART_WIDTH, height: CARD_ART_HEIGHT }],
    });
  });
  return products.length;
}
