import { z } from 'zod';
import { EMPTY_FACTS } from '../card-facts/facts.ts';
import { cardFactsSchema } from '../card-facts/schema.ts';
import { AppError } from '../errors.ts';
import { multiLine, singleLine } from '../text/plain-text.ts';
import { HANDLE_MAX, HANDLE_PATTERN } from './handle.ts';

/** A stored product image, ordered by position. */
export const productImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Its resized copies, when the store keeps them at URLs of their own (ShownImage, responsive-image.ts). */
  variants: z.array(z.object({ width: z.number().int().positive(), url: z.string() })).optional(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * The catalogue product, reshaped at the adapter edge (no edges/node, no priceV2).
 * Money is integer cents in EUR; `available` is null when stock is not tracked.
 */
export const productSchema = z.object({
  id: z.string(),
  /** Unique URL-friendly name (Shopify's handle); the CSV import matches products by it. */
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  productType: z.string(),
  images: z.array(productImageSchema),
  variantId: z.string(),
  inventoryItemId: z.string(),
  priceCents: z.number().int().nonnegative().nullable(),
  /** The price before an offer, shown struck through (Shopify's compare-at price); null when none. */
  compareAtCents: z.number().int().positive().nullable(),
  available: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Card facts (decision 050); EMPTY_FACTS when the product has none. */
  facts: cardFactsSchema,
});
export type Product = z.infer<typeof productSchema>;

/** A product as listings show it: everything but its description. */
export type ProductSummary = Omit<Product, 'description' | 'descriptionHtml'>;

/** The Greek messages of the product rules every adapter checks. */
export const PRODUCT_INPUT_MESSAGES = {
  compareAtNotAbove: 'Η αρχική τιμή πρέπει να είναι μεγαλύτερη από την τιμή πώλησης.',
} as const;

/** What the admin (and the seed) hands over to create or replace a product. */
export const productInputSchema = z
  .object({
    // Control characters have no place in a name, and a NUL is refused by PostgreSQL (decision 093).
    title: z.string().overwrite(singleLine).min(1).max(250),
    descriptionHtml: z.string().overwrite(multiLine).max(20_000).default(''),
    tags: z.array(z.string().overwrite(singleLine).min(1).max(120)).max(20).default([]),
    productType: z.string().overwrite(singleLine).max(60).default(''),
    priceCents: z.number().int().nonnegative().max(100_000_000),
    /** The price before an offer; above the price, or null for none (decision 089). */
    compareAtCents: z.number().int().positive().max(100_000_000).nullable().default(null),
    quantity: z.number().int().min(0).max(1_000_000),
    /** Media ids from the media port, in display order. */
    mediaIds: z.array(z.string()).max(10).default([]),
    /**
     * The handle to give the product; left out, a new product gets one from its title and an
     * existing one keeps its own. A handle another product has is a conflict.
     */
    handle: z
      .string()
      .trim()
      .max(HANDLE_MAX)
      .regex(HANDLE_PATTERN, {
        error: 'Το handle επιτρέπει μόνο γράμματα, αριθμούς και παύλες (π.χ. lebron-james-prizm).',
      })
      .optional(),
    /** Card facts; left out, the product has none. */
    facts: cardFactsSchema.default(EMPTY_FACTS),
  })
  .refine((input) => input.compareAtCents === null || input.compareAtCents > input.priceCents, {
    path: ['compareAtCents'],
    error: PRODUCT_INPUT_MESSAGES.compareAtNotAbove,
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProductInput = z.output<typeof productInputSchema>;

/** Every adapter's first step: bad input is the caller's mistake, an AppError('invalid') naming the fields. */
export function parseProductInput(input: ProductInput): ValidProductInput {
  const result = productInputSchema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('invalid', 'Μη έγκυρα στοιχεία προϊόντος.', fields);
}
