import { z } from 'zod';
import {
  PRODUCT_FORM_MESSAGES,
  toValidProduct,
  type ValidProduct,
  validateProductForm,
} from '../../domain/admin/product-form.ts';
import { EMPTY_FACT_FIELDS } from '../../domain/card-facts/facts.ts';
import { factFieldsSchema } from '../../domain/card-facts/schema.ts';
import { isOfferTag, OFFER_TAG } from '../../domain/catalog/offers.ts';
import { formatAdminPrice } from '../../domain/catalog/price-input.ts';
import type { Product } from '../../domain/catalog/product.ts';
import { PRODUCT_KINDS, PRODUCT_TYPE_OF_KIND, productKind } from '../../domain/catalog/product-kind.ts';
import { AppError } from '../../domain/errors.ts';
import type { SaveResult } from '../../ports/commerce.ts';
import type { Container } from '../container.ts';

export const productFormSchema = z.object({
  // Left out (a client from before decision 089), the product keeps its kind, offer and old price.
  kind: z.enum(PRODUCT_KINDS).optional(),
  title: z.string().max(250),
  price: z.string().max(20),
  offer: z.boolean().optional(),
  compareAt: z.string().max(20).optional(),
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
 * checks, with the same Greek messages; the product's other tags are kept (decision 089 for types and offers).
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
  const existing = id === null ? null : await container.commerce.getProduct(id);
  if (id !== null && !existing) throw new AppError('not_found', 'Το προϊόν δεν βρέθηκε');
  const values = { ...input, ...formDefaults(existing, input) };
  const errors = validateProductForm(values, categories, existing?.tags.some(isOfferTag) ?? false);
  if (Object.keys(errors).length > 0) throw new AppError('invalid', Object.values(errors)[0] ?? '', errors);
  const valid = toValidProduct(values);
  const fields = {
    title: valid.title,
    descriptionHtml: valid.descriptionHtml,
    tags: formTags(existing?.tags ?? [], valid),
    productType: productTypeOf(existing, valid),
    priceCents: valid.priceCents,
    compareAtCents: valid.compareAtCents,
    quantity: valid.quantity,
    mediaIds: valid.mediaIds,
    facts: valid.facts,
  };
  return existing
    ? container.commerce.updateProduct(existing.id, fields)
    : container.commerce.createProduct(fields);
}

/** The kind, offer and old price a request left out: the product's own, or a plain card's. */
function formDefaults(existing: Product | null, input: z.infer<typeof productFormSchema>) {
  return {
    kind: input.kind ?? (existing ? productKind(existing) : 'card'),
    offer: input.offer ?? existing?.tags.some(isOfferTag) ?? false,
    compareAt: input.compareAt ?? (existing?.compareAtCents ? formatAdminPrice(existing.compareAtCents) : ''),
  };
}

/**
 * The form's team in the first tag's place (spec section 4; a pack or a LOT may have none), the
 * product's other tags after it as they were, 'offer' where it was, or last when newly on offer.
 */
function formTags(current: readonly string[], valid: ValidProduct): string[] {
  const others = current
    .slice(1)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '' && tag !== valid.team && (valid.offer || !isOfferTag(tag)));
  const tags = [...(valid.team ? [valid.team] : []), ...others];
  return valid.offer && !tags.some(isOfferTag) ? [...tags, OFFER_TAG] : tags;
}

/**
 * The type a save writes: the kind's own type when the kind changes (or an offer needs 'Card',
 * spec section 5), else the type the product has, which a Shopify owner may have named otherwise.
 */
function productTypeOf(existing: Product | null, valid: ValidProduct): string {
  const wanted = PRODUCT_TYPE_OF_KIND[valid.kind];
  if (!existing || productKind(existing) !== valid.kind) return wanted;
  if (valid.offer && existing.productType !== wanted) return wanted;
  return existing.productType || wanted;
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
    productType: product.productType,
    kind: productKind(product),
    priceCents: product.priceCents,
    compareAtCents: product.compareAtCents,
    quantity: product.available,
    descriptionHtml: product.descriptionHtml,
    images: product.images.map((image) => ({ id: image.id, url: image.url })),
    facts: product.facts,
  };
}
export type AdminProduct = ReturnType<typeof toAdminProduct>;
