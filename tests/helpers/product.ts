import { EMPTY_FACTS } from '../../src/domain/card-facts/facts.ts';
import type { Product } from '../../src/domain/catalog/product.ts';

let nextId = 1;

/** A product as the commerce port returns it: a 5 € card, 3 in stock, with a fresh id; `fields` win. */
export function aProduct(fields: Partial<Product> = {}): Product {
  const id = nextId++;
  return {
    id: `gid://shop/Product/${id}`,
    title: `Card ${id}`,
    description: '',
    descriptionHtml: '',
    tags: [],
    productType: 'Card',
    images: [],
    variantId: `gid://shop/ProductVariant/${id}`,
    inventoryItemId: `gid://shop/InventoryItem/${id}`,
    priceCents: 500,
    compareAtCents: null,
    available: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    facts: EMPTY_FACTS,
    handle: 'a-card',
    ...fields,
  };
}
