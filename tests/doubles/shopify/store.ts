import { randomBytes } from 'node:crypto';
import { htmlToText } from '../../../src/domain/text/fold.ts';
import type { DoubleDefinition, DoubleMetafield } from './metafields.ts';

/**
 * The double's shop: what a Shopify store holds that the shop relies on, in memory. Ids grow per
 * type and come out as gids (gid://shopify/Product/1001). The GraphQL resolvers of both APIs read
 * and change this one store, so a product created through the Admin API is what the Storefront
 * API then sells, with the same stock.
 */
export type DoubleMedia = {
  id: number;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
};

export type DoubleProduct = {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  productType: string;
  vendor: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  createdAt: string;
  updatedAt: string;
  media: DoubleMedia[];
  publicationIds: Set<number>;
  /** 'namespace.key' -> metafield. */
  metafields: Map<string, DoubleMetafield>;
  variant: {
    id: number;
    price: string;
    /** A decimal string, or null for none (Shopify's compareAtPrice). */
    compareAtPrice: string | null;
    policy: 'DENY' | 'CONTINUE';
    item: { id: number; tracked: boolean };
  };
};

export type DoubleCartLine = { id: string; variantId: number; quantity: number };
export type DoubleCart = {
  token: string;
  key: string;
  lines: DoubleCartLine[];
  createdAt: string;
  updatedAt: string;
};

/** Shopify's OrderDisplayFulfillmentStatus values the double's orders take. */
export type DoubleFulfillmentStatus =
  | 'UNFULFILLED'
  | 'IN_PROGRESS'
  | 'ON_HOLD'
  | 'SCHEDULED'
  | 'PARTIALLY_FULFILLED'
  | 'FULFILLED';

/**
 * A line keeps the product and variant ids of checkout time: the order's lineItems resolve them
 * while they exist, and answer null once they are deleted, as Shopify does.
 */
export type DoubleOrderLine = {
  id: number;
  productId: number;
  variantId: number;
  title: string;
  quantity: number;
  unitCents: number;
};

export type DoubleOrder = {
  id: number;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  email: string | null;
  customerName: string | null;
  financialStatus: 'PAID' | 'PENDING';
  fulfillmentStatus: DoubleFulfillmentStatus;
  /** A test order (Shopify's Bogus Gateway); the checkout's orders are real. */
  test: boolean;
  totalCents: number;
  lines: DoubleOrderLine[];
};

/** What an order is made of: the checkout's cart lines, or a test's fixed order. */
export type OrderInput = {
  lines: ReadonlyArray<{ variantId: number; quantity: number }>;
  /** A fixed time (tests); the store's clock otherwise. */
  createdAt?: string;
  cancelledAt?: string | null;
  email?: string | null;
  customerName?: string | null;
  financialStatus?: DoubleOrder['financialStatus'];
  fulfillmentStatus?: DoubleFulfillmentStatus;
  test?: boolean;
};

export type StagedUpload = {
  key: string;
  filename: string;
  mimeType: string;
  fileSize: number | null;
  file: { bytes: Buffer; contentType: string } | null;
};

export type SeedInput = {
  title: string;
  descriptionHtml?: string;
  tags?: string[];
  productType?: string;
  priceCents: number | null;
  compareAtCents?: number | null;
  quantity: number | null;
  images?: Array<{ url: string; alt?: string; width?: number; height?: number }>;
  status?: DoubleProduct['status'];
  published?: boolean;
  /** Metafields as a shop owner set them (the definitions are the caller's to add). */
  metafields?: Array<{ namespace: string; key: string; type: string; value: string }>;
};

export const PUBLICATION_TITLES = ['Online Store', 'Point of Sale', 'React Storefront', 'Shop'] as const;
/** The publication the Storefront API's token belongs to (the headless "React Storefront" channel). */
export const STOREFRONT_PUBLICATION = 'React Storefront';

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

/** The numeric id of a gid of the given type, or null. */
export function gidNumber(type: string, value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,15})$/.exec(value);
  return match && match[1] === type ? Number(match[2]) : null;
}

export const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);
export const decimalToCents = (amount: string) => Math.round(Number(amount) * 100);

export class DoubleStore {
  products = new Map<number, DoubleProduct>();
  /** inventory item id -> location id -> available */
  levels = new Map<number, Map<number, number>>();
  carts = new Map<string, DoubleCart>();
  uploads = new Map<string, StagedUpload>();
  orders: DoubleOrder[] = [];
  locations = [{ id: 71_001, name: 'Κατάστημα' }];
  publications = PUBLICATION_TITLES.map((title, index) => ({ id: 91_001 + index, title }));
  definitions: DoubleDefinition[] = [];
  private next = new Map<string, number>();
  private clock = Date.parse('2026-01-01T09:00:00Z');

  /** A growing id per type, starting at 1001, as Shopify's numeric ids grow. */
  nextId(type: string): number {
    const id = (this.next.get(type) ?? 1000) + 1;
    this.next.set(type, id);
    return id;
  }

  /** Timestamps grow by a second per write, so created_at order equals id order. */
  now(): string {
    this.clock = Math.max(this.clock + 1000, Date.now());
    return new Date(this.clock).toISOString();
  }

  definitionOf(namespace: string, key: string): DoubleDefinition | undefined {
    return this.definitions.find(
      (definition) => definition.namespace === namespace && definition.key === key,
    );
  }

  storefrontPublicationId(): number {
    return this.publications.find((publication) => publication.title === STOREFRONT_PUBLICATION)?.id ?? 0;
  }

  // Products ----------------------------------------------------------------------------------

  createProduct(fields: {
    handle?: string;
    title: string;
    descriptionHtml?: string;
    tags?: string[];
    productType?: string;
    vendor?: string;
    status?: DoubleProduct['status'];
  }): DoubleProduct {
    const now = this.now();
    const id = this.nextId('Product');
    const product: DoubleProduct = {
      id,
      handle: fields.handle ?? `product-${id}`,
      title: fields.title,
      descriptionHtml: fields.descriptionHtml ?? '',
      tags: normaliseTags(fields.tags ?? []),
      productType: fields.productType ?? '',
      vendor: fields.vendor ?? 'CardVault',
      status: fields.status ?? 'ACTIVE',
      createdAt: now,
      updatedAt: now,
      media: [],
      publicationIds: new Set(),
      metafields: new Map(),
      // Like Shopify, a new product has one default variant: price 0.00, stock not tracked.
      variant: {
        id: this.nextId('ProductVariant'),
        price: '0.00',
        compareAtPrice: null,
        policy: 'DENY',
        item: { id: this.nextId('InventoryItem'), tracked: false },
      },
    };
    this.products.set(product.id, product);
    return product;
  }

  addMedia(product: DoubleProduct, media: { url: string; alt?: string; width?: number; height?: number }) {
    const item: DoubleMedia = {
      id: this.nextId('MediaImage'),
      url: media.url,
      alt: media.alt ?? '',
      width: media.width ?? null,
      height: media.height ?? null,
    };
    product.media.push(item);
    return item;
  }

  /** A product as the Admin flow leaves it: published everywhere, priced, tracked and stocked. */
  seedProduct(input: SeedInput): DoubleProduct {
    const product = this.createProduct({
      title: input.title,
      descriptionHtml: input.descriptionHtml ?? '',
      tags: input.tags ?? [],
      productType: input.productType ?? '',
      status: input.status ?? 'ACTIVE',
    });
    for (const image of input.images ?? []) this.addMedia(product, image);
    for (const metafield of input.metafields ?? [])
      product.metafields.set(`${metafield.namespace}.${metafield.key}`, {
        id: this.nextId('Metafield'),
        ...metafield,
      });
    if (input.published !== false)
      for (const publication of this.publications) product.publicationIds.add(publication.id);
    if (input.priceCents !== null) product.variant.price = centsToDecimal(input.priceCents);
    if (input.compareAtCents) product.variant.compareAtPrice = centsToDecimal(input.compareAtCents);
    if (input.quantity !== null) {
      product.variant.item.tracked = true;
      this.setAvailable(product.variant.item.id, this.locations[0]?.id ?? 0, input.quantity);
    }
    return product;
  }

  findVariant(variantId: number): DoubleProduct | undefined {
    for (const product of this.products.values()) if (product.variant.id === variantId) return product;
    return undefined;
  }

  findByItem(itemId: number): DoubleProduct | undefined {
    for (const product of this.products.values()) if (product.variant.item.id === itemId) return product;
    return undefined;
  }

  visibleOnStorefront(product: DoubleProduct): boolean {
    return product.status === 'ACTIVE' && product.publicationIds.has(this.storefrontPublicationId());
  }

  descriptionText(product: DoubleProduct): string {
    return htmlToText(product.descriptionHtml);
  }

  // Inventory ---------------------------------------------------------------------------------

  setAvailable(itemId: number, locationId: number, quantity: number): void {
    let levels = this.levels.get(itemId);
    if (!levels) {
      levels = new Map();
      this.levels.set(itemId, levels);
    }
    levels.set(locationId, quantity);
  }

  /** Summed over locations; null when the item is not tracked (Shopify sells it without limit). */
  available(product: DoubleProduct): number | null {
    if (!product.variant.item.tracked) return null;
    let sum = 0;
    for (const quantity of this.levels.get(product.variant.item.id)?.values() ?? []) sum += quantity;
    return sum;
  }

  /** How many a cart may hold: the stock under DENY, unlimited otherwise. */
  sellable(product: DoubleProduct): number {
    const available = this.available(product);
    return available === null || product.variant.policy === 'CONTINUE' ? Number.POSITIVE_INFINITY : available;
  }

  // Orders --------------------------------------------------------------------------------------

  /**
   * Records an order as Shopify's checkout does: each line takes its stock (never below zero under
   * DENY; a line with none left is dropped) at the variant's price. Tests seed orders at fixed
   * times through it; the checkout page's pay button calls it too.
   */
  recordOrder(input: OrderInput): DoubleOrder {
    const location = this.locations[0]?.id ?? 0;
    const lines = input.lines.flatMap((line): DoubleOrderLine[] => {
      const product = this.findVariant(line.variantId);
      if (!product) return [];
      const quantity = Math.min(line.quantity, this.sellable(product));
      if (quantity <= 0) return [];
      if (this.available(product) !== null) {
        const current = this.levels.get(product.variant.item.id)?.get(location) ?? 0;
        this.setAvailable(product.variant.item.id, location, current - quantity);
      }
      return [
        {
          id: this.nextId('LineItem'),
          productId: product.id,
          variantId: product.variant.id,
          title: product.title,
          quantity,
          unitCents: decimalToCents(product.variant.price),
        },
      ];
    });
    const id = this.nextId('Order');
    const order: DoubleOrder = {
      id,
      name: `#${id}`,
      createdAt: input.createdAt ?? this.now(),
      cancelledAt: input.cancelledAt ?? null,
      email: input.email ?? null,
      customerName: input.customerName ?? null,
      financialStatus: input.financialStatus ?? 'PAID',
      fulfillmentStatus: input.fulfillmentStatus ?? 'UNFULFILLED',
      test: input.test ?? false,
      totalCents: lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
      lines,
    };
    this.orders.push(order);
    return order;
  }

  // Carts ---------------------------------------------------------------------------------------

  createCart(): DoubleCart {
    const now = this.now();
    const cart: DoubleCart = {
      token: `hWN${randomBytes(16).toString('hex')}`,
      key: randomBytes(16).toString('hex'),
      lines: [],
      createdAt: now,
      updatedAt: now,
    };
    this.carts.set(cart.token, cart);
    return cart;
  }

  cartGid(cart: DoubleCart): string {
    return `${gid('Cart', cart.token)}?key=${cart.key}`;
  }

  /** The cart a gid names, only with the right key (a cart id is a bearer secret). */
  findCart(id: unknown): DoubleCart | null {
    if (typeof id !== 'string') return null;
    const match = /^gid:\/\/shopify\/Cart\/([A-Za-z0-9]+)\?key=([a-f0-9]+)$/.exec(id);
    const cart = match ? this.carts.get(match[1] ?? '') : undefined;
    return cart && cart.key === match?.[2] ? cart : null;
  }

  newLineId(cart: DoubleCart): string {
    return `${gid('CartLine', randomBytes(8).toString('hex'))}?cart=${cart.token}`;
  }

  // Uploads -------------------------------------------------------------------------------------

  stageUpload(filename: string, mimeType: string, fileSize: number | null): StagedUpload {
    const upload: StagedUpload = {
      key: `tmp/${randomBytes(10).toString('hex')}/${filename.replace(/[^A-Za-z0-9._-]/g, '_')}`,
      filename,
      mimeType,
      fileSize,
      file: null,
    };
    this.uploads.set(upload.key, upload);
    return upload;
  }
}

/** Like Shopify: trimmed, unique ignoring case, and returned in alphabetical order (not as given). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags.map((value) => value.trim()).filter(Boolean)) {
    if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
