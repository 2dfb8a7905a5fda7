import { connection } from './connection.ts';
import { applyMetafields, type DoubleDefinition, type MetafieldInput } from './metafields.ts';
import { matches, orderMatches, parseSearch } from './search-syntax.ts';
import {
  centsToDecimal,
  type DoubleOrder,
  type DoubleOrderLine,
  type DoubleProduct,
  type DoubleStore,
  gid,
  gidNumber,
  normaliseTags,
} from './store.ts';
import { searchable, sortProducts } from './storefront-api.ts';

type Args = Record<string, unknown>;
type UserError = { field: string[] | null; message: string; code?: string | null };

const ADJUST_REASONS = new Set([
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
]);

type MediaInput = { mediaContentType?: string; originalSource?: string; alt?: string };
type ProductFields = {
  id?: string;
  handle?: string;
  title?: string;
  descriptionHtml?: string;
  tags?: string[];
  productType?: string;
  vendor?: string;
  status?: DoubleProduct['status'];
  metafields?: MetafieldInput[];
};

/** The Admin API's root fields over the store: products, publishing, inventory, media, orders. */
export function adminRoot(store: DoubleStore, baseUrl: string) {
  const fileUrl = (key: string) => `${baseUrl}/cdn/${key}`;

  function productView(product: DoubleProduct) {
    return {
      __typename: 'Product',
      id: gid('Product', product.id),
      legacyResourceId: String(product.id),
      handle: product.handle,
      title: product.title,
      description: store.descriptionText(product),
      descriptionHtml: product.descriptionHtml,
      tags: product.tags,
      productType: product.productType,
      vendor: product.vendor,
      status: product.status,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      totalInventory: store.available(product) ?? 0,
      metafields: (args: Args) => {
        const keys = args.keys as string[] | undefined;
        const wanted = [...product.metafields.values()].filter(
          (metafield) =>
            (args.namespace === undefined ||
              args.namespace === null ||
              metafield.namespace === args.namespace) &&
            (!keys || keys.includes(`${metafield.namespace}.${metafield.key}`)),
        );
        return connection(wanted, args, (metafield) => ({
          __typename: 'Metafield',
          id: gid('Metafield', metafield.id),
          namespace: metafield.namespace,
          key: metafield.key,
          type: metafield.type,
          value: metafield.value,
        }));
      },
      media: (args: Args) =>
        connection(product.media, args, (media) => ({
          __typename: 'MediaImage',
          id: gid('MediaImage', media.id),
          alt: media.alt,
          mediaContentType: 'IMAGE',
          status: 'READY',
          image: { url: media.url, width: media.width, height: media.height, altText: media.alt },
        })),
      variants: (args: Args) => connection([product], args, variantView),
    };
  }

  function variantView(product: DoubleProduct) {
    return {
      __typename: 'ProductVariant',
      id: gid('ProductVariant', product.variant.id),
      price: product.variant.price,
      compareAtPrice: product.variant.compareAtPrice,
      inventoryPolicy: product.variant.policy,
      inventoryQuantity: store.available(product) ?? 0,
      inventoryItem: itemView(product),
      product: () => productView(product),
    };
  }

  function itemView(product: DoubleProduct) {
    const item = product.variant.item;
    return {
      __typename: 'InventoryItem',
      id: gid('InventoryItem', item.id),
      tracked: item.tracked,
      inventoryLevel: (args: Args) => {
        const locationId = gidNumber('Location', args.locationId);
        const quantity = locationId === null ? undefined : store.levels.get(item.id)?.get(locationId);
        if (quantity === undefined) return null;
        return {
          __typename: 'InventoryLevel',
          id: gid('InventoryLevel', `${item.id}?inventory_item_id=${item.id}&location_id=${locationId}`),
          quantities: (quantityArgs: Args) =>
            ((quantityArgs.names ?? []) as string[]).map((name) => ({
              __typename: 'InventoryQuantity',
              name,
              quantity: name === 'available' || name === 'on_hand' ? quantity : 0,
            })),
        };
      },
    };
  }

  /** A MoneyBag in the shop's currency (EUR), the same in shop and presentment money. */
  const moneyBag = (cents: number) => ({
    shopMoney: { amount: centsToDecimal(cents), currencyCode: 'EUR' },
    presentmentMoney: { amount: centsToDecimal(cents), currencyCode: 'EUR' },
  });

  function orderView(order: DoubleOrder) {
    return {
      __typename: 'Order',
      id: gid('Order', order.id),
      legacyResourceId: String(order.id),
      name: order.name,
      createdAt: order.createdAt,
      processedAt: order.createdAt,
      cancelledAt: order.cancelledAt,
      email: order.email,
      test: order.test,
      displayFinancialStatus: order.financialStatus,
      displayFulfillmentStatus: order.fulfillmentStatus,
      totalPriceSet: moneyBag(order.totalCents),
      currentTotalPriceSet: moneyBag(order.totalCents),
      customer: order.customerName ? { __typename: 'Customer', displayName: order.customerName } : null,
      lineItems: (args: Args) => connection(order.lines, args, lineItemView),
    };
  }

  /** No discounts in the double: every unit price is the price at checkout. */
  function lineItemView(line: DoubleOrderLine) {
    const total = line.unitCents * line.quantity;
    return {
      __typename: 'LineItem',
      id: gid('LineItem', line.id),
      title: line.title,
      name: line.title,
      quantity: line.quantity,
      currentQuantity: line.quantity,
      originalUnitPriceSet: moneyBag(line.unitCents),
      discountedUnitPriceSet: moneyBag(line.unitCents),
      discountedUnitPriceAfterAllDiscountsSet: moneyBag(line.unitCents),
      originalTotalSet: moneyBag(total),
      discountedTotalSet: moneyBag(total),
      // Deleted since checkout: null, as Shopify answers.
      variant: () => {
        const product = store.findVariant(line.variantId);
        return product ? variantView(product) : null;
      },
      product: () => {
        const product = store.products.get(line.productId);
        return product ? productView(product) : null;
      },
    };
  }

  /** The orders a search (`query:` in Shopify's syntax) finds, in the order they were recorded. */
  const ordersFound = (query: unknown) => {
    const search = typeof query === 'string' ? parseSearch(query) : null;
    return store.orders.filter((order) =>
      orderMatches(search, {
        id: order.id,
        name: order.name,
        email: order.email,
        createdAt: order.createdAt,
        cancelled: order.cancelledAt !== null,
        financialStatus: order.financialStatus,
        fulfillmentStatus: order.fulfillmentStatus,
        test: order.test,
      }),
    );
  };

  /** A Count: exact up to `limit` (10,000 unless given; null for none), AT_LEAST past it, as Shopify counts. */
  const counted = (found: number, limit: unknown) => {
    const cap = limit === null ? null : typeof limit === 'number' ? limit : 10_000;
    const over = cap !== null && found > cap;
    return { __typename: 'Count', count: over ? cap : found, precision: over ? 'AT_LEAST' : 'EXACT' };
  };

  /** A product as the Admin API's search sees it: the Storefront's fields and the stock filters. */
  const adminSearchable = (product: DoubleProduct) => ({
    ...searchable(store, product),
    inventoryTotal: store.available(product) ?? 0,
    tracksInventory: product.variant.item.tracked,
    status: product.status,
  });

  /** Media from CreateMediaInput: a staged upload that received its file, or an outside URL. */
  function attachMedia(product: DoubleProduct, media: MediaInput[], userErrors: UserError[]) {
    media.forEach((input, index) => {
      const source = input.originalSource ?? '';
      const staged = [...store.uploads.values()].find(
        (upload) => source === `${baseUrl}/staged/${upload.key}`,
      );
      if (input.mediaContentType !== 'IMAGE') {
        userErrors.push({
          field: ['media', String(index), 'mediaContentType'],
          message: 'Only images are supported.',
        });
      } else if (staged) {
        if (!staged.file) {
          userErrors.push({
            field: ['media', String(index), 'originalSource'],
            message: 'Image URL is invalid',
          });
          return;
        }
        store.addMedia(product, { url: fileUrl(staged.key), alt: input.alt ?? '' });
      } else if (/^https?:\/\//.test(source) && !source.startsWith(`${baseUrl}/staged/`)) {
        store.addMedia(product, { url: source, alt: input.alt ?? '' });
      } else {
        userErrors.push({
          field: ['media', String(index), 'originalSource'],
          message: 'Image URL is invalid',
        });
      }
    });
  }

  function applyFields(product: DoubleProduct, fields: ProductFields) {
    if (fields.title !== undefined) product.title = fields.title.trim();
    if (fields.handle !== undefined) product.handle = fields.handle;
    if (fields.descriptionHtml !== undefined) product.descriptionHtml = fields.descriptionHtml;
    if (fields.tags !== undefined) product.tags = normaliseTags(fields.tags);
    if (fields.productType !== undefined) product.productType = fields.productType;
    if (fields.vendor !== undefined) product.vendor = fields.vendor;
    if (fields.status !== undefined) product.status = fields.status;
    product.updatedAt = store.now();
  }

  const definitionView = (definition: DoubleDefinition) => ({
    __typename: 'MetafieldDefinition',
    id: gid('MetafieldDefinition', definition.id),
    name: definition.name,
    namespace: definition.namespace,
    key: definition.key,
    ownerType: definition.ownerType,
    type: { __typename: 'MetafieldDefinitionType', name: definition.type },
    access: { __typename: 'MetafieldAccess', storefront: definition.storefront },
  });

  const productOf = (id: unknown) => store.products.get(gidNumber('Product', id) ?? -1);
  const notFound = (field: string[], what = 'Product') => ({ field, message: `${what} does not exist` });

  return {
    shop: () => ({
      __typename: 'Shop',
      name: 'CardVault double',
      myshopifyDomain: 'cardvault-double.myshopify.com',
    }),

    products: (args: Args) => {
      const search = typeof args.query === 'string' ? parseSearch(args.query) : null;
      const found = [...store.products.values()].filter((product) =>
        matches(search, adminSearchable(product)),
      );
      return connection(sortProducts(found, args.sortKey, args.reverse), args, productView);
    },

    productsCount: (args: Args) => {
      const search = typeof args.query === 'string' ? parseSearch(args.query) : null;
      const found = [...store.products.values()].filter((product) =>
        matches(search, adminSearchable(product)),
      );
      return counted(found.length, args.limit);
    },

    product: (args: Args) => {
      const product = productOf(args.id);
      return product ? productView(product) : null;
    },

    publications: (args: Args) =>
      connection(store.publications, args, (publication) => ({
        __typename: 'Publication',
        id: gid('Publication', publication.id),
        name: publication.title,
        catalog: {
          __typename: 'AppCatalog',
          id: gid('AppCatalog', publication.id),
          title: publication.title,
        },
      })),

    locations: (args: Args) =>
      connection(store.locations, args, (location) => ({
        __typename: 'Location',
        id: gid('Location', location.id),
        name: location.name,
      })),

    inventoryItem: (args: Args) => {
      const product = store.findByItem(gidNumber('InventoryItem', args.id) ?? -1);
      return product ? itemView(product) : null;
    },

    /** Filtered by Shopify's search syntax (created_at ranges, status, ...), by id or by creation time. */
    orders: (args: Args) => {
      const found = ordersFound(args.query);
      const byCreation = args.sortKey === 'CREATED_AT' || args.sortKey === 'PROCESSED_AT';
      const sorted = found.sort(
        (a, b) => (byCreation ? Date.parse(a.createdAt) - Date.parse(b.createdAt) : 0) || a.id - b.id,
      );
      return connection(args.reverse === true ? sorted.reverse() : sorted, args, orderView);
    },

    ordersCount: (args: Args) => counted(ordersFound(args.query).length, args.limit),

    order: (args: Args) => {
      const order = store.orders.find((candidate) => candidate.id === gidNumber('Order', args.id));
      return order ? orderView(order) : null;
    },

    productCreate: (args: Args) => {
      const fields = (args.product ?? args.input ?? {}) as ProductFields;
      if (!fields.title?.trim())
        return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
      const product = store.createProduct({ ...fields, title: fields.title.trim() });
      const metafieldErrors = applyMetafields(store, product, fields.metafields ?? []);
      if (metafieldErrors.length > 0) {
        // Shopify refuses the whole product when a metafield is invalid.
        store.products.delete(product.id);
        return { product: null, userErrors: metafieldErrors };
      }
      const userErrors: UserError[] = [];
      attachMedia(product, (args.media ?? []) as MediaInput[], userErrors);
      return { product: productView(product), userErrors };
    },

    productUpdate: (args: Args) => {
      const fields = (args.product ?? args.input ?? {}) as ProductFields;
      const product = productOf(fields.id);
      if (!product) return { product: null, userErrors: [notFound(['id'])] };
      if (fields.title !== undefined && !fields.title.trim())
        return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
      const metafieldErrors = applyMetafields(store, product, fields.metafields ?? []);
      if (metafieldErrors.length > 0) return { product: null, userErrors: metafieldErrors };
      applyFields(product, fields);
      const userErrors: UserError[] = [];
      attachMedia(product, (args.media ?? []) as MediaInput[], userErrors);
      return { product: productView(product), userErrors };
    },

    metafieldsDelete: (args: Args) => {
      const identifiers = (args.metafields ?? []) as Array<{
        ownerId?: string;
        namespace?: string;
        key?: string;
      }>;
      const deleted = identifiers.map((identifier) => {
        const product = productOf(identifier.ownerId);
        const id = `${identifier.namespace}.${identifier.key}`;
        if (!product?.metafields.delete(id)) return null;
        return { __typename: 'MetafieldIdentifier', ...identifier };
      });
      return { deletedMetafields: deleted, userErrors: [] };
    },

    metafieldDefinitionCreate: (args: Args) => {
      const input = (args.definition ?? {}) as {
        name?: string;
        namespace?: string;
        key?: string;
        type?: string;
        ownerType?: string;
        access?: { storefront?: 'NONE' | 'PUBLIC_READ' };
      };
      const namespace = input.namespace ?? 'app';
      const key = input.key ?? '';
      if (store.definitionOf(namespace, key))
        return {
          createdDefinition: null,
          userErrors: [
            {
              field: ['definition', 'key'],
              message: `Key is in use for Product metafields on the '${namespace}' namespace.`,
              code: 'TAKEN',
            },
          ],
        };
      if (!/^[A-Za-z0-9_-]{2,64}$/.test(key))
        return {
          createdDefinition: null,
          userErrors: [{ field: ['definition', 'key'], message: 'Key is invalid', code: 'INVALID' }],
        };
      const definition = {
        id: store.nextId('MetafieldDefinition'),
        name: input.name ?? key,
        namespace,
        key,
        type: input.type ?? '',
        ownerType: input.ownerType ?? 'PRODUCT',
        storefront: input.access?.storefront ?? 'NONE',
      };
      store.definitions.push(definition);
      return { createdDefinition: definitionView(definition), userErrors: [] };
    },

    metafieldDefinitions: (args: Args) =>
      connection(
        store.definitions.filter(
          (definition) =>
            definition.ownerType === args.ownerType &&
            (args.namespace === undefined ||
              args.namespace === null ||
              definition.namespace === args.namespace) &&
            (args.key === undefined || args.key === null || definition.key === args.key),
        ),
        args,
        definitionView,
      ),

    productDelete: (args: Args) => {
      const id = (args.input as { id?: string } | undefined)?.id;
      const product = productOf(id);
      if (!product) return { deletedProductId: null, userErrors: [notFound(['id'])] };
      store.products.delete(product.id);
      store.levels.delete(product.variant.item.id);
      return { deletedProductId: gid('Product', product.id), userErrors: [] };
    },

    publishablePublish: (args: Args) => {
      const product = productOf(args.id);
      if (!product) return { publishable: null, userErrors: [notFound(['id'], 'Publishable')] };
      const inputs = (args.input ?? []) as Array<{ publicationId?: string }>;
      const ids = inputs.map((input) => gidNumber('Publication', input.publicationId));
      const known = new Set(store.publications.map((publication) => publication.id));
      const unknown = ids.findIndex((id) => id === null || !known.has(id));
      if (unknown !== -1)
        return {
          publishable: null,
          userErrors: [
            { field: ['input', String(unknown), 'publicationId'], message: 'Publication does not exist' },
          ],
        };
      for (const id of ids) product.publicationIds.add(id as number);
      return { publishable: productView(product), userErrors: [] };
    },

    productVariantsBulkUpdate: (args: Args) => {
      const product = productOf(args.productId);
      if (!product) return { product: null, productVariants: null, userErrors: [notFound(['productId'])] };
      const variants = (args.variants ?? []) as Array<{
        id?: string;
        price?: string;
        compareAtPrice?: string | null;
        inventoryPolicy?: 'DENY' | 'CONTINUE';
      }>;
      const userErrors: UserError[] = [];
      variants.forEach((variant, index) => {
        if (gidNumber('ProductVariant', variant.id) !== product.variant.id)
          userErrors.push({
            field: ['variants', String(index), 'id'],
            message: 'Product variant does not exist',
            code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
          });
        else if (variant.price !== undefined && !(Number(variant.price) >= 0))
          userErrors.push({
            field: ['variants', String(index), 'price'],
            message: 'Price must be greater than or equal to 0',
            code: 'INVALID_INPUT',
          });
        else if (
          variant.compareAtPrice !== undefined &&
          variant.compareAtPrice !== null &&
          !(Number(variant.compareAtPrice) >= 0)
        )
          userErrors.push({
            field: ['variants', String(index), 'compareAtPrice'],
            message: 'Compare at price must be greater than or equal to 0',
            code: 'INVALID_INPUT',
          });
      });
      if (userErrors.length > 0) return { product: null, productVariants: null, userErrors };
      for (const variant of variants) {
        if (variant.price !== undefined) product.variant.price = Number(variant.price).toFixed(2);
        if (variant.compareAtPrice !== undefined)
          product.variant.compareAtPrice =
            variant.compareAtPrice === null ? null : Number(variant.compareAtPrice).toFixed(2);
        if (variant.inventoryPolicy !== undefined) product.variant.policy = variant.inventoryPolicy;
      }
      product.updatedAt = store.now();
      return { product: productView(product), productVariants: [variantView(product)], userErrors: [] };
    },

    inventoryItemUpdate: (args: Args) => {
      const product = store.findByItem(gidNumber('InventoryItem', args.id) ?? -1);
      if (!product) return { inventoryItem: null, userErrors: [notFound(['id'], 'Inventory item')] };
      const input = (args.input ?? {}) as { tracked?: boolean };
      if (input.tracked !== undefined) product.variant.item.tracked = input.tracked;
      return { inventoryItem: itemView(product), userErrors: [] };
    },

    inventoryActivate: (args: Args) => {
      const product = store.findByItem(gidNumber('InventoryItem', args.inventoryItemId) ?? -1);
      const locationId = gidNumber('Location', args.locationId);
      if (!product)
        return { inventoryLevel: null, userErrors: [notFound(['inventoryItemId'], 'Inventory item')] };
      if (!store.locations.some((location) => location.id === locationId))
        return { inventoryLevel: null, userErrors: [notFound(['locationId'], 'Location')] };
      const levels = store.levels.get(product.variant.item.id);
      if (!levels?.has(locationId as number))
        store.setAvailable(product.variant.item.id, locationId as number, 0);
      return {
        inventoryLevel: itemView(product).inventoryLevel({ locationId: args.locationId }),
        userErrors: [],
      };
    },

    inventoryAdjustQuantities: (args: Args) => {
      const input = (args.input ?? {}) as {
        name?: string;
        reason?: string;
        changes?: Array<{
          delta: number;
          inventoryItemId: string;
          locationId: string;
          changeFromQuantity?: number | null;
        }>;
      };
      const userErrors: UserError[] = [];
      if (input.name !== 'available' && input.name !== 'on_hand')
        userErrors.push({
          field: ['input', 'name'],
          message: 'The quantity name must be available or on_hand.',
        });
      if (!ADJUST_REASONS.has(input.reason ?? ''))
        userErrors.push({ field: ['input', 'reason'], message: 'The specified reason is invalid.' });
      const changes = (input.changes ?? []).map((change, index) => {
        const itemId = gidNumber('InventoryItem', change.inventoryItemId) ?? -1;
        const locationId = gidNumber('Location', change.locationId) ?? -1;
        const current = store.levels.get(itemId)?.get(locationId);
        const field = (name: string) => ['input', 'changes', String(index), name];
        if (!store.findByItem(itemId))
          userErrors.push({
            field: field('inventoryItemId'),
            message: 'The specified inventory item could not be found.',
          });
        else if (current === undefined)
          userErrors.push({
            field: field('locationId'),
            message: 'The specified inventory item is not stocked at the location.',
          });
        // Mandatory since 2026-04: the quantity the caller expects (compare and swap), or an explicit null.
        else if (!('changeFromQuantity' in change))
          userErrors.push({
            field: field('changeFromQuantity'),
            message: 'changeFromQuantity is required: pass the expected quantity, or null to skip the check.',
            code: 'INVALID_INPUT',
          });
        else if (change.changeFromQuantity !== null && change.changeFromQuantity !== current)
          userErrors.push({
            field: field('changeFromQuantity'),
            message: 'The quantity has changed since it was read.',
            code: 'CHANGE_FROM_QUANTITY_STALE',
          });
        return { itemId, locationId, delta: change.delta };
      });
      if (userErrors.length > 0) return { inventoryAdjustmentGroup: null, userErrors };
      for (const change of changes) {
        const current = store.levels.get(change.itemId)?.get(change.locationId) ?? 0;
        store.setAvailable(change.itemId, change.locationId, current + change.delta);
      }
      return {
        inventoryAdjustmentGroup: {
          __typename: 'InventoryAdjustmentGroup',
          reason: input.reason,
          changes: changes.map((change) => ({
            __typename: 'InventoryChange',
            name: input.name,
            delta: change.delta,
          })),
        },
        userErrors: [],
      };
    },

    stagedUploadsCreate: (args: Args) => {
      const inputs = (args.input ?? []) as Array<{
        filename: string;
        mimeType: string;
        fileSize?: string | number;
        resource: string;
        httpMethod?: string;
      }>;
      const userErrors: UserError[] = [];
      const targets = inputs.map((input, index) => {
        const size = input.fileSize === undefined ? null : Number(input.fileSize);
        if (input.resource !== 'IMAGE' || !input.mimeType.startsWith('image/'))
          userErrors.push({
            field: ['input', String(index), 'mimeType'],
            message: 'Only images can be staged.',
          });
        if (size !== null && size > 20 * 1024 * 1024)
          userErrors.push({
            field: ['input', String(index), 'fileSize'],
            message: 'File size is too large.',
          });
        const upload = store.stageUpload(input.filename, input.mimeType, size);
        return {
          url: `${baseUrl}/staged-uploads`,
          resourceUrl: `${baseUrl}/staged/${upload.key}`,
          parameters: [
            { name: 'key', value: upload.key },
            { name: 'Content-Type', value: input.mimeType },
          ],
        };
      });
      return userErrors.length > 0
        ? { stagedTargets: null, userErrors }
        : { stagedTargets: targets, userErrors };
    },

    productReorderMedia: (args: Args) => {
      const product = productOf(args.id);
      if (!product) return { job: null, mediaUserErrors: [notFound(['id'])] };
      const moves = (args.moves ?? []) as Array<{ id: string; newPosition: string | number }>;
      for (const [index, move] of moves.entries()) {
        const mediaId = gidNumber('MediaImage', move.id);
        const from = product.media.findIndex((media) => media.id === mediaId);
        if (from === -1)
          return {
            job: null,
            mediaUserErrors: [{ field: ['moves', String(index), 'id'], message: 'Media does not exist' }],
          };
        const [moved] = product.media.splice(from, 1);
        if (moved) product.media.splice(Math.min(Number(move.newPosition), product.media.length), 0, moved);
      }
      product.updatedAt = store.now();
      return {
        job: { __typename: 'Job', id: gid('Job', store.nextId('Job')), done: true },
        mediaUserErrors: [],
      };
    },

    fileUpdate: (args: Args) => {
      const files = (args.files ?? []) as Array<{ id: string; referencesToRemove?: string[] }>;
      const userErrors: UserError[] = [];
      for (const [index, file] of files.entries()) {
        const mediaId = gidNumber('MediaImage', file.id);
        const owners = [...store.products.values()].filter((product) =>
          product.media.some((media) => media.id === mediaId),
        );
        if (owners.length === 0) {
          userErrors.push({ field: ['files', String(index), 'id'], message: 'File does not exist' });
          continue;
        }
        for (const productId of file.referencesToRemove ?? []) {
          const product = productOf(productId);
          if (product) product.media = product.media.filter((media) => media.id !== mediaId);
        }
      }
      return { files: [], userErrors };
    },
  };
}
