import { z } from 'zod';
import { amountToCents } from '../../domain/money.ts';
import type { Product } from '../../ports/commerce.ts';
import { AppError } from '../../ports/errors.ts';

/**
 * Shopify's wire shapes (edges/node, MoneyV2, gids) checked with zod and turned into the ports'
 * own types here, once; nothing past this file sees `edges` or `price { amount }`.
 */
const connection = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })) });
const money = z.object({ amount: z.string(), currencyCode: z.string() });

export const storefrontProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: connection(
    z.object({
      id: z.string().nullable(),
      url: z.string(),
      altText: z.string().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    }),
  ),
  variants: connection(
    z.object({
      id: z.string(),
      price: money,
      quantityAvailable: z.number().nullable(),
      availableForSale: z.boolean(),
    }),
  ),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

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

export function parseWire<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    console.error(`Shopify answered an unexpected ${what}: ${result.error.issues[0]?.message ?? ''}`);
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

export function reshapeStorefrontProduct(node: StorefrontProduct): Product {
  const variant = node.variants.edges[0]?.node;
  return {
    id: node.id,
    title: node.title,
    description: node.description,
    descriptionHtml: node.descriptionHtml,
    tags: orderTags(node.tags),
    productType: node.productType,
    images: node.images.edges.map(({ node: image }, index) => ({
      id: image.id ?? `${node.id}/image/${index}`,
      url: image.url,
      alt: image.altText || node.title,
      width: image.width && image.width > 0 ? image.width : null,
      height: image.height && image.height > 0 ? image.height : null,
    })),
    variantId: variant?.id ?? '',
    // The Storefront API does not expose inventory items; the Admin reads fill this in.
    inventoryItemId: '',
    priceCents: variant ? moneyToCents(variant.price) : null,
    available: variant ? stockOf(variant) : null,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  };
}
