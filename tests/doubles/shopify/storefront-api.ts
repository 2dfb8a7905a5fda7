import { connection } from './connection.ts';
import { matches, parseSearch } from './search-syntax.ts';
import {
  centsToDecimal,
  type DoubleCart,
  type DoubleProduct,
  type DoubleStore,
  decimalToCents,
  gid,
  gidNumber,
} from './store.ts';

type Args = Record<string, unknown>;
type UserError = { code: string; field: string[]; message: string };
type Warning = { code: string; message: string; target: string };

const money = (amount: string) => ({ amount, currencyCode: 'EUR' });

/** Orders a product list the way Storefront's ProductSortKeys do (ties by id). */
export function sortProducts(products: DoubleProduct[], sortKey: unknown, reverse: unknown): DoubleProduct[] {
  const byId = (a: DoubleProduct, b: DoubleProduct) => a.id - b.id;
  const compare: Record<string, (a: DoubleProduct, b: DoubleProduct) => number> = {
    TITLE: (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || byId(a, b),
    PRICE: (a, b) => Number(a.variant.price) - Number(b.variant.price) || byId(a, b),
    PRODUCT_TYPE: (a, b) => a.productType.localeCompare(b.productType) || byId(a, b),
    UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || byId(a, b),
    CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt) || byId(a, b),
  };
  const sorted = [...products].sort(compare[String(sortKey)] ?? byId);
  return reverse === true ? sorted.reverse() : sorted;
}

export function searchable(store: DoubleStore, product: DoubleProduct) {
  return {
    id: product.id,
    title: product.title,
    tags: product.tags,
    productType: product.productType,
    vendor: product.vendor,
    price: Number(product.variant.price),
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    availableForSale: store.sellable(product) > 0,
  };
}

/** The Storefront API's root fields over the store: catalogue reads and carts. */
export function storefrontRoot(store: DoubleStore, baseUrl: string) {
  const visible = () => [...store.products.values()].filter((product) => store.visibleOnStorefront(product));

  function productView(product: DoubleProduct) {
    const images = product.media.map((media) => ({
      __typename: 'Image',
      id: gid('ProductImage', media.id),
      url: media.url,
      altText: media.alt || null,
      width: media.width,
      height: media.height,
    }));
    return {
      __typename: 'Product',
      id: gid('Product', product.id),
      handle: product.handle,
      title: product.title,
      description: store.descriptionText(product),
      descriptionHtml: product.descriptionHtml,
      tags: product.tags,
      productType: product.productType,
      vendor: product.vendor,
      // Only metafields whose definition lets the Storefront API read them; null for the others.
      metafields: (args: Args) =>
        ((args.identifiers ?? []) as Array<{ namespace: string; key: string }>).map(({ namespace, key }) => {
          const metafield = product.metafields.get(`${namespace}.${key}`);
          const readable = store.definitionOf(namespace, key)?.storefront === 'PUBLIC_READ';
          return metafield && readable
            ? {
                __typename: 'Metafield',
                id: gid('Metafield', metafield.id),
                namespace,
                key,
                type: metafield.type,
                value: metafield.value,
              }
            : null;
        }),
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
      availableForSale: store.sellable(product) > 0,
      featuredImage: images[0] ?? null,
      images: (args: Args) => connection(images, args, (image) => image),
      // The same files as MediaImage, with the ids the Admin API knows them by.
      media: (args: Args) =>
        connection(product.media, args, (media) => ({
          __typename: 'MediaImage',
          id: gid('MediaImage', media.id),
          alt: media.alt || null,
          mediaContentType: 'IMAGE',
          image: {
            __typename: 'Image',
            url: media.url,
            altText: media.alt || null,
            width: media.width,
            height: media.height,
          },
        })),
      variants: (args: Args) => connection([product], args, variantView),
    };
  }

  function variantView(product: DoubleProduct) {
    const available = store.available(product);
    return {
      __typename: 'ProductVariant',
      id: gid('ProductVariant', product.variant.id),
      title: 'Default Title',
      price: money(product.variant.price),
      compareAtPrice: product.variant.compareAtPrice === null ? null : money(product.variant.compareAtPrice),
      quantityAvailable: available ?? 0,
      availableForSale: store.sellable(product) > 0,
      currentlyNotInStock: available !== null && available <= 0,
      image: product.media[0] ? { __typename: 'Image', url: product.media[0].url } : null,
      product: () => productView(product),
    };
  }

  /** Lines whose variant is gone or no longer sold here drop out, as on Shopify. */
  function liveLines(cart: DoubleCart) {
    cart.lines = cart.lines.filter((line) => {
      const product = store.findVariant(line.variantId);
      return product !== undefined && store.visibleOnStorefront(product);
    });
    return cart.lines;
  }

  function cartView(cart: DoubleCart) {
    const lines = liveLines(cart).map((line) => {
      const product = store.findVariant(line.variantId) as DoubleProduct;
      return { line, product };
    });
    const subtotal = lines.reduce(
      (sum, { line, product }) => sum + decimalToCents(product.variant.price) * line.quantity,
      0,
    );
    return {
      __typename: 'Cart',
      id: store.cartGid(cart),
      checkoutUrl: `${baseUrl}/cart/c/${cart.token}?key=${cart.key}`,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      totalQuantity: lines.reduce((sum, { line }) => sum + line.quantity, 0),
      cost: {
        subtotalAmount: money(centsToDecimal(subtotal)),
        totalAmount: money(centsToDecimal(subtotal)),
      },
      lines: (args: Args) =>
        connection(lines, args, ({ line, product }) => ({
          __typename: 'CartLine',
          id: line.id,
          quantity: line.quantity,
          merchandise: variantView(product),
        })),
    };
  }

  const noCart = (): { cart: null; userErrors: UserError[]; warnings: Warning[] } => ({
    cart: null,
    userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }],
    warnings: [],
  });

  /** Adds lines the way Shopify does: merged per variant, capped at stock under DENY with a warning. */
  function addLines(cart: DoubleCart, lines: Array<{ merchandiseId?: unknown; quantity?: unknown }>) {
    const userErrors: UserError[] = [];
    const warnings: Warning[] = [];
    const resolved = lines.map((line, index) => {
      const product = store.findVariant(gidNumber('ProductVariant', line.merchandiseId) ?? -1);
      const quantity = typeof line.quantity === 'number' ? line.quantity : 1;
      if (!product || !store.visibleOnStorefront(product))
        userErrors.push({
          code: 'INVALID',
          field: ['lines', String(index), 'merchandiseId'],
          message: `The merchandise with id ${String(line.merchandiseId)} does not exist.`,
        });
      else if (quantity < 1)
        userErrors.push({
          code: 'INVALID',
          field: ['lines', String(index), 'quantity'],
          message: 'The quantity must be greater than 0.',
        });
      return { product, quantity };
    });
    if (userErrors.length > 0) return { userErrors, warnings };
    for (const { product, quantity } of resolved) {
      if (!product) continue;
      const existing = cart.lines.find((line) => line.variantId === product.variant.id);
      const sellable = store.sellable(product);
      if (sellable <= 0) {
        warnings.push({
          code: 'MERCHANDISE_OUT_OF_STOCK',
          message: `The product '${product.title}' is already sold out.`,
          target: existing?.id ?? gid('ProductVariant', product.variant.id),
        });
        continue;
      }
      const line = existing ?? { id: store.newLineId(cart), variantId: product.variant.id, quantity: 0 };
      const wanted = line.quantity + quantity;
      line.quantity = Math.min(wanted, sellable);
      if (!existing) cart.lines.push(line);
      if (wanted > sellable)
        warnings.push({
          code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
          message: `Only ${sellable} items were added to your cart due to availability.`,
          target: line.id,
        });
    }
    cart.updatedAt = store.now();
    return { userErrors, warnings };
  }

  return {
    products: (args: Args) => {
      const search = typeof args.query === 'string' ? parseSearch(args.query) : null;
      const found = visible().filter((product) => matches(search, searchable(store, product)));
      return connection(sortProducts(found, args.sortKey, args.reverse), args, productView);
    },

    product: (args: Args) => {
      const product = store.products.get(gidNumber('Product', args.id) ?? -1);
      return product && store.visibleOnStorefront(product) ? productView(product) : null;
    },

    node: (args: Args) => {
      const product =
        store.products.get(gidNumber('Product', args.id) ?? -1) ??
        store.findVariant(gidNumber('ProductVariant', args.id) ?? -1);
      if (!product || !store.visibleOnStorefront(product)) return null;
      return gidNumber('Product', args.id) !== null ? productView(product) : variantView(product);
    },

    cart: (args: Args) => {
      const cart = store.findCart(args.id);
      return cart ? cartView(cart) : null;
    },

    cartCreate: (args: Args) => {
      const input = (args.input ?? {}) as { lines?: Array<{ merchandiseId?: unknown; quantity?: unknown }> };
      const cart = store.createCart();
      const { userErrors, warnings } = addLines(cart, input.lines ?? []);
      if (userErrors.length > 0) {
        store.carts.delete(cart.token);
        return { cart: null, userErrors, warnings };
      }
      return { cart: cartView(cart), userErrors, warnings };
    },

    cartLinesAdd: (args: Args) => {
      const cart = store.findCart(args.cartId);
      if (!cart) return noCart();
      const { userErrors, warnings } = addLines(cart, (args.lines ?? []) as []);
      return { cart: cartView(cart), userErrors, warnings };
    },

    cartLinesUpdate: (args: Args) => {
      const cart = store.findCart(args.cartId);
      if (!cart) return noCart();
      const changes = (args.lines ?? []) as Array<{ id: string; quantity?: number | null }>;
      const userErrors: UserError[] = [];
      const warnings: Warning[] = [];
      changes.forEach((change, index) => {
        if (!cart.lines.some((line) => line.id === change.id))
          userErrors.push({
            code: 'INVALID_MERCHANDISE_LINE',
            field: ['lines', String(index), 'id'],
            message: `The merchandise line with id ${change.id} does not exist.`,
          });
        else if (typeof change.quantity === 'number' && change.quantity < 0)
          userErrors.push({
            code: 'INVALID',
            field: ['lines', String(index), 'quantity'],
            message: 'The quantity must be 0 or more.',
          });
      });
      if (userErrors.length > 0) return { cart: cartView(cart), userErrors, warnings };
      for (const change of changes) {
        const line = cart.lines.find((candidate) => candidate.id === change.id);
        if (!line || typeof change.quantity !== 'number') continue;
        if (change.quantity === 0) {
          cart.lines = cart.lines.filter((candidate) => candidate !== line);
          continue;
        }
        const product = store.findVariant(line.variantId);
        const sellable = product ? store.sellable(product) : 0;
        line.quantity = Math.min(change.quantity, sellable);
        if (change.quantity > sellable)
          warnings.push({
            code: sellable <= 0 ? 'MERCHANDISE_OUT_OF_STOCK' : 'MERCHANDISE_NOT_ENOUGH_STOCK',
            message:
              sellable <= 0
                ? `The product '${product?.title}' is already sold out.`
                : `Only ${sellable} items were added to your cart due to availability.`,
            target: line.id,
          });
        if (line.quantity <= 0) cart.lines = cart.lines.filter((candidate) => candidate !== line);
      }
      cart.updatedAt = store.now();
      return { cart: cartView(cart), userErrors, warnings };
    },

    cartLinesRemove: (args: Args) => {
      const cart = store.findCart(args.cartId);
      if (!cart) return noCart();
      const ids = (args.lineIds ?? []) as string[];
      const unknown = ids.filter((id) => !cart.lines.some((line) => line.id === id));
      if (unknown.length > 0)
        return {
          cart: cartView(cart),
          userErrors: unknown.map((id) => ({
            code: 'INVALID_MERCHANDISE_LINE',
            field: ['lineIds'],
            message: `The merchandise line with id ${id} does not exist.`,
          })),
          warnings: [],
        };
      cart.lines = cart.lines.filter((line) => !ids.includes(line.id));
      cart.updatedAt = store.now();
      return { cart: cartView(cart), userErrors: [], warnings: [] };
    },
  };
}
