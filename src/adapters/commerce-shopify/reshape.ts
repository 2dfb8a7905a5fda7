import { z } from 'zod';
import type { Product, ProductImage, ProductSummary } from '../../domain/catalog/product.ts';
import { AppError } from '../../domain/errors.ts';
import { amountToCents } from '../../domain/text/money.ts';
import { log } from '../../lib/log.ts';
import { metafieldsToFacts } from './card-metafields.ts';

/**
 * Shopify's wire shapes (edges/node, MoneyV2, gids) checked with zod and turned into the ports'
 * own types here, once; nothing past this file sees `edges` or `price { amount }`.
 */
const connection = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })) });
const money = z.object({ amount: z.string(), currencyCode: z.string() });
/** A product medium; only images (MediaImage) whose file Shopify has processed carry an image. */
const mediaNode = z.object({
  __typename: z.string(),
  id: z.string().optional(),
  alt: z.string().nullable().optional(),
  image: z
    .object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() })
    .nullable()
    .optional(),
});
type MediaNode = z.infer<typeof mediaNode>;

/** The product's images in order: processed MediaImages only (videos and files in processing are skipped). */
function reshapeMedia(edges: ReadonlyArray<{ node: MediaNode }>, title: string): ProductImage[] {
  return edges.flatMap(({ node }) =>
    node.__typename === 'MediaImage' && node.id && node.image
      ? [
          {
            id: node.id,
            url: node.image.url,
            alt: node.alt || title,
            width: node.image.width && node.image.width > 0 ? node.image.width : null,
            height: node.image.height && node.image.height > 0 ? node.image.height : null,
          },
        ]
      : [],
  );
}

const metafield = z.object({ key: z.string(), value: z.string() });

export const storefrontProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  /** The card-fact metafields asked for by identifier; null where a product has none. */
  metafields: z.array(metafield.nullable()),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  media: connection(mediaNode),
  variants: connection(
    z.object({
      id: z.string(),
      price: money,
      compareAtPrice: money.nullable(),
      quantityAvailable: z.number().nullable(),
      availableForSale: z.boolean(),
    }),
  ),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

/** A product read without its description (STOREFRONT_PRODUCT_SUMMARIES). */
export const storefrontSummarySchema = storefrontProductSchema.omit({
  description: true,
  descriptionHtml: true,
});
export type StorefrontSummary = z.infer<typeof storefrontSummarySchema>;

export const pageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** Tags the shop uses as markers, not as team names (spec: offers are tagged 'offer'). */
const MARKER_TAGS = new Set(['offer']);

/**
 * Shopify returns tags in alphabetical order, but the shop reads the team from the first tag
 * (spec section 4): marker tags go after the team so 'offer' never becomes a team.
 */
export function orderTags(tags: readonly string[]): string[] {
  const isMarker = (tag: string) => MARKER_TAGS.has(tag.trim().toLowerCase());
  return [...tags.filter((tag) => !isMarker(tag)), ...tags.filter(isMarker)];
}

/** EUR cents of a MoneyV2; null for another currency or an amount that is not a number. */
export function moneyToCents(value: { amount: string; currencyCode: string }): number | null {
  return value.currencyCode === 'EUR' ? amountToCents(value.amount) : null;
}

/** Shopify keeps a compare-at price of 0.00 where an owner cleared it: the port reads that as none. */
const positive = (cents: number | null) => (cents !== null && cents > 0 ? cents : null);

export function parseWire<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    log.error('Shopify answered in an unexpected shape', {
      what,
      problem: result.error.issues[0]?.message ?? '',
      at: result.error.issues[0]?.path.join('.') ?? '',
    });
    throw new AppError('unavailable', 'Το Shopify έστειλε απάντηση που δεν αναγνωρίζεται.');
  }
  return result.data;
}

/**
 * Stock as the port counts it: a number when Shopify tracks it, 0 when the variant cannot be sold,
 * null when it sells without a limit (not tracked, or CONTINUE), where Shopify reports 0 available.
 */
export function stockOf(variant: {
  quantityAvailable: number | null;
  availableForSale: boolean;
}): number | null {
  if (!variant.availableForSale) return 0;
  return variant.quantityAvailable !== null && variant.quantityAvailable > 0
    ? variant.quantityAvailable
    : null;
}

/** The fields both APIs read alike: the product's own text, tags (team first) and images. */
type ProductNode = Pick<
  StorefrontProduct,
  | 'id'
  | 'handle'
  | 'title'
  | 'description'
  | 'descriptionHtml'
  | 'tags'
  | 'productType'
  | 'createdAt'
  | 'updatedAt'
  | 'media'
>;
function productFields(node: ProductNode) {
  return {
    ...summaryFields(node),
    description: node.description,
    descriptionHtml: node.descriptionHtml,
  };
}

function summaryFields(node: Omit<ProductNode, 'description' | 'descriptionHtml'>) {
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    tags: orderTags(node.tags),
    productType: node.productType,
    images: reshapeMedia(node.media.edges, node.title),
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  };
}

export function reshapeStorefrontProduct(node: StorefrontProduct): Product {
  return {
    ...reshapeStorefrontSummary(node),
    description: node.description,
    descriptionHtml: node.descriptionHtml,
  };
}

export function reshapeStorefrontSummary(node: StorefrontSummary): ProductSummary {
  const variant = node.variants.edges[0]?.node;
  return {
    ...summaryFields(node),
    facts: metafieldsToFacts(node.metafields),
    variantId: variant?.id ?? '',
    // The Storefront API does not expose inventory items; the Admin reads fill this in.
    inventoryItemId: '',
    priceCents: variant ? moneyToCents(variant.price) : null,
    compareAtCents: positive(variant?.compareAtPrice ? moneyToCents(variant.compareAtPrice) : null),
    available: variant ? stockOf(variant) : null,
  };
}

export const adminProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  metafields: connection(metafield),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  media: connection(mediaNode),
  variants: connection(
    z.object({
      id: z.string(),
      /** Money: a decimal string in the shop's currency (the shop sells in EUR). */
      price: z.string(),
      compareAtPrice: z.string().nullable(),
      inventoryPolicy: z.string(),
      inventoryQuantity: z.number().nullable(),
      inventoryItem: z.object({ id: z.string(), tracked: z.boolean() }),
    }),
  ),
});
export type AdminWireProduct = z.infer<typeof adminProductSchema>;

/** A product as the Admin API reads it: the same port shape, with the inventory item id filled in. */
export function reshapeAdminProduct(node: AdminWireProduct): Product {
  const variant = node.variants.edges[0]?.node;
  const limited = variant?.inventoryItem.tracked && variant.inventoryPolicy === 'DENY';
  return {
    ...productFields(node),
    facts: metafieldsToFacts(node.metafields.edges.map((edge) => edge.node)),
    variantId: variant?.id ?? '',
    inventoryItemId: variant?.inventoryItem.id ?? '',
    priceCents: variant ? amountToCents(variant.price) : null,
    compareAtCents: positive(variant?.compareAtPrice ? amountToCents(variant.compareAtPrice) : null),
    available: limited ? Math.max(0, variant.inventoryQuantity ?? 0) : null,
  };
}
