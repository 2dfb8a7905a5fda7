import { z } from 'zod';

/** A stored product image, ordered by position. */
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * The catalogue product, reshaped at the adapter edge (no edges/node, no priceV2).
 * Money is integer cents in EUR; `available` is null when stock is not tracked.
 */
export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  images: z.array(productImageSchema),
  variantId: z.string(),
  inventoryItemId: z.string(),
  priceCents: z.number().int().nonnegative().nullable(),
  available: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** What the admin (and the seed) hands over to create or replace a product. */
export const productInputSchema = z.object({
  title: z.string().trim().min(1).max(250),
  descriptionHtml: z.string().max(20_000).default(''),
  tags: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
  productType: z.string().trim().max(60).default(''),
  priceCents: z.number().int().nonnegative().max(100_000_000),
  quantity: z.number().int().min(0).max(1_000_000),
  /** Media ids from the media port, in display order. */
  mediaIds: z.array(z.string()).max(10).default([]),
});
export type ProductInput = z.input<typeof productInputSchema>;

export type SaveResult = { product: Product; warnings: string[] };

export interface CommercePort {
  /** The whole catalogue in one read, newest first (build-time bulk fetch). */
  listProducts(): Promise<Product[]>;
  /** The `limit` products with the highest numeric id, newest first. */
  recentProducts(limit: number): Promise<Product[]>;
  /** A product by product id or variant id; null when unknown. */
  getProduct(id: string): Promise<Product | null>;
  createProduct(input: ProductInput): Promise<SaveResult>;
  updateProduct(id: string, input: ProductInput): Promise<SaveResult>;
  deleteProduct(id: string): Promise<void>;
  /** A number that grows on every catalogue change. */
  version(): Promise<number>;
}
