import { z } from 'zod';
import {
  PRODUCT_FORM_MESSAGES,
  toValidProduct,
  validateProductForm,
} from '../../domain/admin/product-form.ts';
import { EMPTY_FACT_FIELDS } from '../../domain/card-facts/facts.ts';
import { factFieldsSchema } from '../../domain/card-facts/schema.ts';
import type { Product } from '../../domain/catalog/product.ts';
import { AppError } from '../../domain/errors.ts';
import type { SaveResult } from '../../ports/commerce.ts';
import type { Container } from '../container.ts';

export const productFormSchema = z.object({
  title: z.string().max(250),
  price: z.string().max(20),
  team: z.string().max(120),
  quantity: z.union([z.string().max(12), z.number().int()]).transform(String),
  descriptionEnabled: z.boolean(),
  descriptionHtml: z.string().max(20_000),
  // Media gids, or on Shopify the staged uploads' URLs (up to about 2000 characters).
  mediaIds: z.array(z.string().max(2048)).max(10),
  // Card facts as typed; a client that sends none saves a product without facts.
  facts: factFieldsSchema.default(EMPTY_FACT_FIELDS),
});

/**
 * Creates or updates a product from the dashboard form. The server checks every rule the form
 * checks, with the same Greek messages; the product's other tags (such as 'offer') are kept.
 */
export async function saveProduct(
  container: Container,
  id: string | null,
  input: z.infer<typeof productFormSchema>,
): Promise<SaveResult> {
  // Read now, not from the storefront's copy: on Firestore that copy follows a listener, and a
  // player removed a moment ago (in the Firebase console, or by another process) must already
  // be refused. A save is rare; one read of the category documents is cheap beside it.
  const categories = await container.documents.listCategories();
  const errors = validateProductForm(input, categories);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', Object.values(errors)[0] ?? '', errors);
  const valid = toValidProduct(input);
  const existing = id === null ? null : await container.commerce.getProduct(id);
  if (id !== null && !existing) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε');
  const otherTags = (existing?.tags ?? []).slice(1).filter((tag) => tag.trim() !== '' && tag !== valid.team);
  const fields = {
    title: valid.title,
    descriptionHtml: valid.descriptionHtml,
    tags: [valid.team, ...otherTags].map((tag) => tag.trim()).filter(Boolean),
    productType: existing?.productType ?? 'Card',
    priceCents: valid.priceCents,
    quantity: valid.quantity,
    mediaIds: valid.mediaIds,
    facts: valid.facts,
  };
  return existing
    ? container.commerce.updateProduct(existing.id, fields)
    : container.commerce.createProduct(fields);
}

export const savedMessage = (created: boolean) =>
  created ? PRODUCT_FORM_MESSAGES.created : PRODUCT_FORM_MESSAGES.updated;

/** What the dashboard's list and form need of a product. */
export function toAdminProduct(product: Product) {
  return {
    id: product.id,
    variantId: product.variantId,
    title: product.title,
    team: product.tags[0] ?? '',
    tags: product.tags,
    priceCents: product.priceCents,
    quantity: product.available,
    descriptionHtml: product.descriptionHtml,
    images: product.images.map((image) => ({ id: image.id, url: image.url })),
    facts: product.facts,
  };
}
export type AdminProduct = ReturnType<typeof toAdminProduct>;
