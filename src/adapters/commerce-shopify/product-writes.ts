import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  type Product,
  type ProductInput,
  parseProductInput,
  type ValidProductInput,
} from '../../domain/catalog/product.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { centsToAmount } from '../../domain/text/money.ts';
import { log } from '../../lib/log.ts';
import type { SaveResult } from '../../ports/commerce.ts';
import { cardDefinitions } from './card-definitions.ts';
import { CARD_NAMESPACE, factsToMetafields } from './card-metafields.ts';
import type { RequestOptions, ShopifyClient } from './client.ts';
import { userErrorText } from './client.ts';
import {
  ADMIN_FILE_UPDATE,
  ADMIN_INVENTORY_ACTIVATE,
  ADMIN_INVENTORY_ADJUST,
  ADMIN_INVENTORY_ITEM_UPDATE,
  ADMIN_INVENTORY_LEVEL,
  ADMIN_LOCATIONS,
  ADMIN_METAFIELDS_DELETE,
  ADMIN_PRODUCT,
  ADMIN_PRODUCT_CREATE,
  ADMIN_PRODUCT_DELETE,
  ADMIN_PRODUCT_REORDER_MEDIA,
  ADMIN_PRODUCT_UPDATE,
  ADMIN_PUBLICATIONS,
  ADMIN_PUBLISHABLE_PUBLISH,
  ADMIN_VARIANTS_BULK_UPDATE,
} from './documents/admin.ts';
import { reorderMoves } from './media-order.ts';
import { type AdminWireProduct, adminProductSchema, parseWire, reshapeAdminProduct } from './reshape.ts';

/**
 * The dashboard's product writes on the Admin API, in the spec's steps (sections 4 and 7) and the
 * pinned version's forms (decision record 020). What is retried and what is undone is decision
 * record 022:
 * - create: the product is made as a DRAFT with its media, then published, tracked, priced (DENY)
 *   and stocked, and only then made ACTIVE. A failed step deletes the draft again and reports the
 *   step in Greek; if even the delete fails, the message says the draft is left in Shopify (a
 *   draft is never shown to shoppers). Image problems are warnings: the product is still made.
 * - update: the product's own fields first ('Η ενημέρωση του προϊόντος απέτυχε' when that fails,
 *   and nothing has changed); then publishing, price, stock, images and their order, each tried,
 *   and the failures reported together: 'Το προϊόν ενημερώθηκε, αλλά: ...'.
 * Every request is retried by the client on 429, 5xx, THROTTLED and dropped connections, except
 * the two that would apply twice (productCreate, appending media), which are repeated only after
 * an answer that says they did not run. The inventory mutations carry an idempotency key.
 */

/** The sales channels the spec publishes to (section 7, item 2). */
export const DEFAULT_SALES_CHANNELS = ['Online Store', 'Point of Sale', 'React Storefront', 'Shop'] as const;

export const SHOPIFY_WRITE_MESSAGES = {
  notFound: 'Το προϊόν δεν βρέθηκε',
  unknownImages: 'Μία ή περισσότερες εικόνες δεν βρέθηκαν.',
  noIds: 'Αποτυχία ανάκτησης variantId ή inventoryItemId από το νέο προϊόν',
  noLocation: 'Δεν βρέθηκε έγκυρο locationId',
  tracking: 'Αποτυχία ενεργοποίησης παρακολούθησης αποθέματος για το inventory item',
  updateFailed: 'Η ενημέρωση του προϊόντος απέτυχε',
  factDefinitions: 'Αποτυχία δημιουργίας των πεδίων στοιχείων κάρτας (metafield definitions) στο Shopify',
  imagesFailed: (detail: string) => `Αποτυχία ανεβάσματος εικόνων: ${detail}`,
  partial: (steps: readonly string[]) => `Το προϊόν ενημερώθηκε, αλλά: ${steps.join(', ')}`,
  leftAsDraft: (id: string) =>
    `Το προϊόν ${id} έμεινε ως πρόχειρο (DRAFT) στο Shopify και δεν φαίνεται στο κατάστημα· διαγράψτε το από τη διαχείριση του Shopify.`,
} as const;

const PRODUCT_ID = /^gid:\/\/shopify\/Product\/\d{1,20}$/;
const MEDIA_ID = /^gid:\/\/shopify\/MediaImage\/\d{1,20}$/;
const STAGED_URL = /^https?:\/\/[^\s]{1,2000}$/;
/** Publications and the first location change rarely: read once per ten minutes. */
const SETTINGS_TTL_MS = 10 * 60_000;

/** The catalogue's change counter, kept by the shop (Shopify has none to read). */
export type CatalogVersion = { get(): Promise<number>; bump(): Promise<void> };

export type ShopifyProductWritesDeps = {
  admin: ShopifyClient;
  catalogVersion: CatalogVersion;
  /** Channels to publish to, by their catalog title; DEFAULT_SALES_CHANNELS unless configured. */
  salesChannels?: readonly string[];
};

const userErrors = z.array(
  z.object({ field: z.array(z.string()).nullable().optional(), message: z.string() }),
);
const productPayload = z.object({ product: adminProductSchema.nullable(), userErrors });
const edgesOf = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })) });
const publicationsAnswer = z.object({
  publications: edgesOf(z.object({ id: z.string(), catalog: z.object({ title: z.string() }).nullable() })),
});
const locationsAnswer = z.object({ locations: edgesOf(z.object({ id: z.string(), name: z.string() })) });
const levelAnswer = z.object({
  inventoryItem: z
    .object({
      tracked: z.boolean(),
      inventoryLevel: z
        .object({ quantities: z.array(z.object({ name: z.string(), quantity: z.number() })) })
        .nullable(),
    })
    .nullable(),
});

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** A step's failure, with Shopify's own words (userErrors joined with ', ', as the spec says). */
class StepError extends Error {}

/** Shopify refused a step (userErrors): the input or the shop's set-up, answered 400; else as the client said. */
const kindOf = (error: unknown) =>
  isAppError(error) ? error.kind : error instanceof StepError ? 'invalid' : 'unavailable';

/** A Shopify product gid; anything else is the caller's mistake, as on the embedded engine. */
function requireProductId(id: string): string {
  if (!PRODUCT_ID.test(id)) throw new AppError('invalid', `Μη έγκυρο αναγνωριστικό: ${id.slice(0, 80)}`);
  return id;
}

/** Media ids as the form sends them: images the product has (MediaImage gids) and new staged uploads (URLs). */
function splitMedia(mediaIds: readonly string[]) {
  const existing: string[] = [];
  const staged: string[] = [];
  const invalid: string[] = [];
  for (const [index, id] of mediaIds.entries()) {
    if (mediaIds.indexOf(id) !== index) invalid.push(id);
    else if (MEDIA_ID.test(id)) existing.push(id);
    else if (STAGED_URL.test(id)) staged.push(id);
    else invalid.push(id);
  }
  return { existing, staged, invalid };
}

const mediaInput = (title: string) => (originalSource: string) => ({
  mediaContentType: 'IMAGE',
  originalSource,
  alt: title,
});

const productFields = (data: ValidProductInput) => ({
  title: data.title,
  descriptionHtml: data.descriptionHtml,
  tags: data.tags,
  productType: data.productType,
  ...(data.handle === undefined ? {} : { handle: data.handle }),
  // The card facts the product has, as metafields (decision 052); unset ones are deleted apart.
  metafields: factsToMetafields(data.facts).set,
});

export function createShopifyProductWrites({
  admin,
  catalogVersion,
  salesChannels = DEFAULT_SALES_CHANNELS,
}: ShopifyProductWritesDeps) {
  let settings: { publications: string[]; locationId: string | null; at: number } | null = null;
  const ensureCardDefinitions = cardDefinitions(admin);

  /** Definitions first, so the Storefront API can read the facts a write sets (none needed without facts). */
  async function factDefinitions(data: ValidProductInput) {
    if (factsToMetafields(data.facts).set.length === 0) return;
    try {
      await ensureCardDefinitions();
    } catch (error) {
      throw new AppError(kindOf(error), `${SHOPIFY_WRITE_MESSAGES.factDefinitions}: ${detailOf(error)}`);
    }
  }

  /** One mutation; its userErrors (or mediaUserErrors) become a StepError. */
  async function mutate<T>(
    document: string,
    field: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
    options?: RequestOptions,
  ): Promise<T> {
    const data = await admin.request<Record<string, unknown>>(document, variables, options);
    const payload = data[field] as { userErrors?: unknown; mediaUserErrors?: unknown } | null | undefined;
    if (!payload) throw new StepError('No data returned from Shopify API');
    const problems = userErrors.safeParse(payload.userErrors ?? payload.mediaUserErrors ?? []);
    const text = problems.success ? userErrorText(problems.data) : '';
    if (text) throw new StepError(text);
    return parseWire(schema, payload, field);
  }

  async function readProduct(id: string): Promise<AdminWireProduct | null> {
    if (!PRODUCT_ID.test(id)) return null;
    const answer = parseWire(
      z.object({ product: adminProductSchema.nullable() }),
      await admin.request(ADMIN_PRODUCT, { id }),
      'product',
    );
    return answer.product;
  }

  async function shopSettings() {
    if (settings && Date.now() - settings.at < SETTINGS_TTL_MS) return settings;
    const [publications, locations] = await Promise.all([
      admin.request(ADMIN_PUBLICATIONS).then((data) => parseWire(publicationsAnswer, data, 'publications')),
      admin.request(ADMIN_LOCATIONS).then((data) => parseWire(locationsAnswer, data, 'locations')),
    ]);
    const wanted = new Set(salesChannels.map((name) => name.trim().toLowerCase()));
    settings = {
      publications: publications.publications.edges
        .filter(({ node }) => wanted.has(node.catalog?.title.trim().toLowerCase() ?? ''))
        .map(({ node }) => node.id),
      locationId: locations.locations.edges[0]?.node.id ?? null,
      at: Date.now(),
    };
    return settings;
  }

  async function publish(productId: string) {
    const { publications } = await shopSettings();
    if (publications.length === 0)
      throw new StepError(`δεν βρέθηκε κανένα από τα κανάλια πώλησης ${salesChannels.join(', ')}`);
    await mutate(
      ADMIN_PUBLISHABLE_PUBLISH,
      'publishablePublish',
      { id: productId, input: publications.map((publicationId) => ({ publicationId })) },
      z.object({}),
    );
  }

  /** The price and the compare-at price (null clears it), as one variant update. */
  async function setPrice(
    productId: string,
    variantId: string,
    { priceCents, compareAtCents }: Pick<ValidProductInput, 'priceCents' | 'compareAtCents'>,
  ) {
    const variant = {
      id: variantId,
      price: centsToAmount(priceCents),
      compareAtPrice: compareAtCents === null ? null : centsToAmount(compareAtCents),
      inventoryPolicy: 'DENY',
    };
    await mutate(
      ADMIN_VARIANTS_BULK_UPDATE,
      'productVariantsBulkUpdate',
      { productId, variants: [variant] },
      z.object({}),
    );
  }

  async function track(inventoryItemId: string) {
    try {
      await mutate(
        ADMIN_INVENTORY_ITEM_UPDATE,
        'inventoryItemUpdate',
        { id: inventoryItemId, input: { tracked: true } },
        z.object({}),
      );
    } catch (error) {
      throw new StepError(`${SHOPIFY_WRITE_MESSAGES.tracking}: ${detailOf(error)}`);
    }
  }

  async function availableAt(inventoryItemId: string, locationId: string): Promise<number | null> {
    const answer = parseWire(
      levelAnswer,
      await admin.request(ADMIN_INVENTORY_LEVEL, { inventoryItemId, locationId }),
      'inventory level',
    );
    const level = answer.inventoryItem?.inventoryLevel;
    if (!level) return null;
    return level.quantities.find((quantity) => quantity.name === 'available')?.quantity ?? 0;
  }

  /**
   * 'available' at the first location becomes `wanted`: the item is stocked there (inventoryActivate)
   * when it is not yet, then adjusted by the difference, reason 'correction', from the quantity just read.
   */
  async function setStock(inventoryItemId: string, wanted: number) {
    const { locationId } = await shopSettings();
    if (!locationId) throw new StepError(SHOPIFY_WRITE_MESSAGES.noLocation);
    let current = await availableAt(inventoryItemId, locationId);
    if (current === null) {
      if (wanted === 0) return; // Tracked with no stock anywhere: nothing to sell, nothing to set.
      await mutate(
        ADMIN_INVENTORY_ACTIVATE,
        'inventoryActivate',
        { inventoryItemId, locationId, idempotencyKey: randomUUID() },
        z.object({}),
      );
      current = (await availableAt(inventoryItemId, locationId)) ?? 0;
    }
    if (current === wanted) return;
    await mutate(
      ADMIN_INVENTORY_ADJUST,
      'inventoryAdjustQuantities',
      {
        input: {
          name: 'available',
          reason: 'correction',
          changes: [{ inventoryItemId, locationId, delta: wanted - current, changeFromQuantity: current }],
        },
        idempotencyKey: randomUUID(),
      },
      z.object({}),
    );
  }

  async function updateFields(fields: Record<string, unknown>, media: unknown[] = [], repeatable = true) {
    const payload = await mutate(
      ADMIN_PRODUCT_UPDATE,
      'productUpdate',
      { product: fields, media },
      productPayload,
      { repeatable },
    );
    if (!payload.product) throw new StepError('No data returned from Shopify API');
    return payload.product;
  }

  /** Deletes a draft whose creation failed, then throws the failure (with the draft's fate). */
  async function undoCreate(productId: string, failure: unknown): Promise<never> {
    const message = detailOf(failure);
    try {
      await mutate(ADMIN_PRODUCT_DELETE, 'productDelete', { input: { id: productId } }, z.object({}));
    } catch (error) {
      log.error('Shopify: a draft could not be deleted after a failed creation', { productId, error });
      throw new AppError(kindOf(failure), `${message}. ${SHOPIFY_WRITE_MESSAGES.leftAsDraft(productId)}`);
    }
    throw new AppError(kindOf(failure), message);
  }

  async function createProduct(input: ProductInput): Promise<SaveResult> {
    const data = parseProductInput(input);
    const media = splitMedia(data.mediaIds);
    if (media.existing.length > 0 || media.invalid.length > 0)
      throw new AppError('invalid', SHOPIFY_WRITE_MESSAGES.unknownImages);
    await factDefinitions(data);

    // Not repeated after an unknown outcome: a second productCreate would make a second product.
    const answer = await admin.request<Record<string, unknown>>(
      ADMIN_PRODUCT_CREATE,
      {
        product: { ...productFields(data), status: 'DRAFT' },
        media: media.staged.map(mediaInput(data.title)),
      },
      { repeatable: false },
    );
    const created = parseWire(
      z.object({ productCreate: productPayload.nullable() }),
      answer,
      'productCreate',
    ).productCreate;
    if (!created?.product)
      throw new AppError(
        'invalid',
        userErrorText(created?.userErrors) || 'No data returned from Shopify API',
      );
    const warnings: string[] = [];
    // The product exists; problems with its images leave it standing (spec section 4).
    if (created.userErrors.length > 0)
      warnings.push(SHOPIFY_WRITE_MESSAGES.imagesFailed(userErrorText(created.userErrors)));

    const productId = created.product.id;
    let product: AdminWireProduct;
    try {
      const variant = created.product.variants.edges[0]?.node;
      if (!variant?.id || !variant.inventoryItem.id) throw new StepError(SHOPIFY_WRITE_MESSAGES.noIds);
      await publish(productId).catch((error: unknown) => {
        throw new StepError(`Αποτυχία δημοσίευσης στα κανάλια πώλησης: ${detailOf(error)}`);
      });
      await track(variant.inventoryItem.id);
      await setPrice(productId, variant.id, data).catch((error: unknown) => {
        throw new StepError(`Αποτυχία ορισμού τιμής: ${detailOf(error)}`);
      });
      if (data.quantity > 0)
        await setStock(variant.inventoryItem.id, data.quantity).catch((error: unknown) => {
          throw error instanceof StepError && error.message === SHOPIFY_WRITE_MESSAGES.noLocation
            ? error
            : new StepError(`Αποτυχία ορισμού αποθέματος: ${detailOf(error)}`);
        });
      product = await updateFields({ id: productId, status: 'ACTIVE' }).catch((error: unknown) => {
        throw new StepError(`Αποτυχία ενεργοποίησης του προϊόντος: ${detailOf(error)}`);
      });
    } catch (error) {
      return undoCreate(productId, error);
    }
    await catalogVersion.bump();
    return { product: reshapeAdminProduct(product), warnings };
  }

  async function updateProduct(id: string, input: ProductInput): Promise<SaveResult> {
    const data = parseProductInput(input);
    const current = await readProduct(requireProductId(id));
    if (!current) throw new AppError('not_found', SHOPIFY_WRITE_MESSAGES.notFound);
    const variant = current.variants.edges[0]?.node;
    const media = splitMedia(data.mediaIds);
    const had = current.media.edges.flatMap(({ node }) => (node.id ? [node.id] : []));
    // Bad input changes nothing: images must be this product's own or new uploads.
    if (media.invalid.length > 0 || media.existing.some((mediaId) => !had.includes(mediaId)))
      throw new AppError('invalid', SHOPIFY_WRITE_MESSAGES.unknownImages);
    await factDefinitions(data);

    try {
      await updateFields({ id, ...productFields(data) });
    } catch (error) {
      throw new AppError(kindOf(error), `${SHOPIFY_WRITE_MESSAGES.updateFailed}: ${detailOf(error)}`);
    }
    // From here the product has changed: every later step is tried, and what failed is reported.
    const failed: string[] = [];
    const step = async (label: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        failed.push(`${label} (${detailOf(error)})`);
      }
    };
    const stored = new Set(current.metafields.edges.map((edge) => edge.node.key));
    const cleared = factsToMetafields(data.facts).unset.filter((key) => stored.has(key));
    if (cleared.length > 0)
      await step('στοιχεία κάρτας', () =>
        mutate(
          ADMIN_METAFIELDS_DELETE,
          'metafieldsDelete',
          { metafields: cleared.map((key) => ({ ownerId: id, namespace: CARD_NAMESPACE, key })) },
          z.object({}),
        ),
      );
    await step('δημοσίευση', () => publish(id));
    if (!variant) failed.push(`τιμή και απόθεμα (${SHOPIFY_WRITE_MESSAGES.noIds})`);
    else {
      await step('τιμή', () => setPrice(id, variant.id, data));
      await step('απόθεμα', async () => {
        if (!variant.inventoryItem.tracked) await track(variant.inventoryItem.id);
        await setStock(variant.inventoryItem.id, data.quantity);
      });
    }

    const kept = media.existing;
    const removed = had.filter((mediaId) => !kept.includes(mediaId));
    if (removed.length > 0)
      await step('αφαίρεση εικόνων', () =>
        mutate(
          ADMIN_FILE_UPDATE,
          'fileUpdate',
          { files: removed.map((mediaId) => ({ id: mediaId, referencesToRemove: [id] })) },
          z.object({}),
        ),
      );
    let order = kept;
    if (media.staged.length > 0) {
      await step('προσθήκη εικόνων', async () => {
        // Not repeated after an unknown outcome: the images would be attached twice.
        const after = await updateFields({ id }, media.staged.map(mediaInput(data.title)), false);
        const added = after.media.edges.flatMap(({ node }) =>
          node.id && !had.includes(node.id) ? [node.id] : [],
        );
        if (added.length < media.staged.length) throw new StepError('δεν βρέθηκαν έγκυρα IDs εικόνων');
        // The new images take the places of their uploads in the form's order.
        let next = 0;
        order = data.mediaIds.flatMap((mediaId) => {
          if (kept.includes(mediaId)) return [mediaId];
          if (!STAGED_URL.test(mediaId)) return [];
          const addedId = added[next++];
          return addedId ? [addedId] : [];
        });
      });
    }
    const now = await readProduct(id);
    const ids = now?.media.edges.flatMap(({ node }) => (node.id ? [node.id] : [])) ?? [];
    const moves = reorderMoves(ids, order);
    if (moves.length > 0)
      await step('αναδιάταξη εικόνων', () =>
        mutate(ADMIN_PRODUCT_REORDER_MEDIA, 'productReorderMedia', { id, moves }, z.object({})),
      );

    await catalogVersion.bump();
    const product = moves.length > 0 ? await readProduct(id) : now;
    if (!product) throw new AppError('not_found', SHOPIFY_WRITE_MESSAGES.notFound);
    return {
      product: reshapeAdminProduct(product),
      warnings: failed.length > 0 ? [SHOPIFY_WRITE_MESSAGES.partial(failed)] : [],
    };
  }

  async function deleteProduct(id: string): Promise<void> {
    if (!(await readProduct(requireProductId(id))))
      throw new AppError('not_found', SHOPIFY_WRITE_MESSAGES.notFound);
    try {
      await mutate(ADMIN_PRODUCT_DELETE, 'productDelete', { input: { id } }, z.object({}));
    } catch (error) {
      throw new AppError(kindOf(error), detailOf(error));
    }
    await catalogVersion.bump();
  }

  return {
    createProduct,
    updateProduct,
    deleteProduct,
    /** A product with its Admin-only facts (inventory item, drafts); null when unknown. */
    async readAdminProduct(id: string): Promise<Product | null> {
      const product = await readProduct(id);
      return product ? reshapeAdminProduct(product) : null;
    },
  };
}
