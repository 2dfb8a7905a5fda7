import { z } from 'zod';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import {
  type Cart,
  type CartLineInput,
  type CartNotice,
  cartLineInputSchema,
} from '../../domain/cart/cart.ts';
import { cartTotals, reducedNotice, soldOutNotice, tooManyMessage } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import type { CartPort } from '../../ports/commerce.ts';
import { type ShopifyClient, userErrorText } from './client.ts';
import {
  STOREFRONT_CART,
  STOREFRONT_CART_CREATE,
  STOREFRONT_CART_LINES_ADD,
  STOREFRONT_CART_LINES_REMOVE,
  STOREFRONT_CART_LINES_UPDATE,
  STOREFRONT_NODE,
} from './documents/storefront.ts';
import { moneyToCents, parseWire, stockOf, storefrontProductSchema } from './reshape.ts';

/**
 * Carts on the Storefront API (cartCreate, cartLinesAdd, cartLinesUpdate, cartLinesRemove). The
 * port's rules hold as on the embedded engine: an add beyond the stock is refused before Shopify
 * is asked, a cart whose lines outgrew the stock is brought back within it with a Greek notice,
 * and Shopify's own cart warnings come back as Greek notices too. Checkout is Shopify's: the
 * cart's checkoutUrl (the 7 € minimum is checked by the cart page before it links there).
 */
const money = z.object({ amount: z.string(), currencyCode: z.string() });
const cartSchema = z.object({
  id: z.string(),
  checkoutUrl: z.string(),
  lines: z.object({
    edges: z.array(
      z.object({
        node: z.object({
          id: z.string(),
          quantity: z.number().int(),
          merchandise: z.object({
            id: z.string(),
            price: money,
            quantityAvailable: z.number().nullable(),
            availableForSale: z.boolean(),
            image: z.object({ url: z.string() }).nullable(),
            product: z.object({
              id: z.string(),
              title: z.string(),
              featuredImage: z.object({ url: z.string() }).nullable(),
            }),
          }),
        }),
      }),
    ),
  }),
});
type WireCart = z.infer<typeof cartSchema>;
const problems = {
  userErrors: z.array(z.object({ code: z.string().nullable().optional(), message: z.string() })),
  warnings: z.array(z.object({ code: z.string(), message: z.string(), target: z.string() })),
};
const payload = (field: string) =>
  z.object({ [field]: z.object({ cart: cartSchema.nullable(), ...problems }) }) as z.ZodType<
    Record<string, { cart: WireCart | null; userErrors: Array<{ message: string }>; warnings: Warning[] }>
  >;
type Warning = { code: string; message: string; target: string };

const SHOPIFY_CART_ID = /^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]{1,200}\?key=[A-Za-z0-9_-]{1,100}$/;
const isShopifyCartId = (id: string | null): id is string => id !== null && SHOPIFY_CART_ID.test(id);
const CART_NOT_FOUND = 'Το καλάθι δεν βρέθηκε.';
const LINE_NOT_FOUND = 'Η γραμμή του καλαθιού δεν βρέθηκε.';

function reshapeCart(wire: WireCart, notices: CartNotice[]): Cart {
  const lines = wire.lines.edges.map(({ node }) => ({
    id: node.id,
    quantity: node.quantity,
    merchandise: {
      id: node.merchandise.id,
      productId: node.merchandise.product.id,
      title: node.merchandise.product.title,
      image: node.merchandise.image?.url ?? node.merchandise.product.featuredImage?.url ?? null,
      priceCents: moneyToCents(node.merchandise.price) ?? 0,
      available: stockOf(node.merchandise),
    },
  }));
  const totals = cartTotals(
    lines.map((line) => ({ quantity: line.quantity, priceCents: line.merchandise.priceCents })),
  );
  return { id: wire.id, checkoutUrl: wire.checkoutUrl, lines, ...totals, notices };
}

/** Shopify's cart warnings, in Greek, naming the product. */
function warningNotices(
  warnings: readonly Warning[],
  cart: WireCart | null,
  titles: Map<string, string>,
): CartNotice[] {
  return warnings.map((warning) => {
    const line = cart?.lines.edges.find(({ node }) => node.id === warning.target)?.node;
    const title = line?.merchandise.product.title ?? titles.get(warning.target) ?? '';
    if (warning.code === 'MERCHANDISE_OUT_OF_STOCK')
      return { lineId: line?.id ?? warning.target, kind: 'sold_out', message: soldOutNotice(title) };
    if (warning.code === 'MERCHANDISE_NOT_ENOUGH_STOCK')
      return { lineId: warning.target, kind: 'reduced', message: reducedNotice(title, line?.quantity ?? 0) };
    return {
      lineId: warning.target,
      kind: 'reduced',
      message: 'Το καλάθι σας άλλαξε από το κατάστημα· ελέγξτε το πριν την ολοκλήρωση.',
    };
  });
}

export function createShopifyCarts(storefront: ShopifyClient): CartPort {
  async function readCart(cartId: string): Promise<WireCart | null> {
    const data = parseWire(
      z.object({ cart: cartSchema.nullable() }),
      await storefront.request(STOREFRONT_CART, { id: cartId }),
      'cart',
    );
    return data.cart;
  }

  async function mutate(
    document: string,
    field: string,
    variables: Record<string, unknown>,
    titles = new Map<string, string>(),
  ) {
    const answer = parseWire(payload(field), await storefront.request(document, variables), 'cart change')[
      field
    ];
    if (!answer) throw new AppError('unavailable', 'No data returned from Shopify API');
    if (answer.userErrors.length > 0 || !answer.cart) {
      throw new AppError(
        answer.cart ? 'invalid' : 'not_found',
        userErrorText(answer.userErrors) || CART_NOT_FOUND,
      );
    }
    return reshapeCart(answer.cart, warningNotices(answer.warnings, answer.cart, titles));
  }

  /** Stock and title of a variant, for the refusal before Shopify would silently cap the line. */
  async function variantFacts(variantId: string) {
    if (!/^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/.test(variantId)) return null;
    const data = parseWire(
      z.object({
        node: z.object({ __typename: z.string(), product: storefrontProductSchema.optional() }).nullable(),
      }),
      await storefront.request(STOREFRONT_NODE, { id: variantId }),
      'variant',
    );
    const variant = data.node?.product?.variants.edges.find(({ node }) => node.id === variantId)?.node;
    if (!variant || !data.node?.product) return null;
    return {
      title: data.node.product.title,
      stock: stockOf(variant),
      priced: moneyToCents(variant.price) !== null,
    };
  }

  /** Brings lines back within the stock (lower, or remove when sold out) and says so in Greek. */
  async function reconcile(wire: WireCart): Promise<Cart> {
    const notices: CartNotice[] = [];
    const lower: Array<{ id: string; quantity: number }> = [];
    const remove: string[] = [];
    for (const { node } of wire.lines.edges) {
      const stock = stockOf(node.merchandise);
      const title = node.merchandise.product.title;
      if (stock !== null && stock <= 0) {
        remove.push(node.id);
        notices.push({ lineId: node.id, kind: 'sold_out', message: soldOutNotice(title) });
      } else if (stock !== null && node.quantity > stock) {
        lower.push({ id: node.id, quantity: stock });
        notices.push({ lineId: node.id, kind: 'reduced', message: reducedNotice(title, stock) });
      }
    }
    let cart = reshapeCart(wire, []);
    if (lower.length > 0)
      cart = await mutate(STOREFRONT_CART_LINES_UPDATE, 'cartLinesUpdate', { cartId: wire.id, lines: lower });
    if (remove.length > 0)
      cart = await mutate(STOREFRONT_CART_LINES_REMOVE, 'cartLinesRemove', {
        cartId: wire.id,
        lineIds: remove,
      });
    return { ...cart, notices: [...notices, ...cart.notices] };
  }

  async function mustReadCart(cartId: string): Promise<WireCart> {
    const cart = isShopifyCartId(cartId) ? await readCart(cartId) : null;
    if (!cart) throw new AppError('not_found', CART_NOT_FOUND);
    return cart;
  }

  return {
    async getCart(cartId) {
      if (!isShopifyCartId(cartId)) return null;
      const cart = await readCart(cartId);
      return cart ? reconcile(cart) : null;
    },

    async addCartLines(cartId, lines, { newCart = true } = {}) {
      const wanted: CartLineInput[] = lines.map((line) => {
        const parsed = cartLineInputSchema.safeParse(line);
        if (!parsed.success) throw new AppError('invalid', 'Μη έγκυρο προϊόν ή ποσότητα (1 έως 1000).');
        return parsed.data;
      });
      if (wanted.length === 0 || wanted.length > 50)
        throw new AppError('invalid', 'Μη έγκυρα στοιχεία καλαθιού.');
      const existing = isShopifyCartId(cartId) ? await readCart(cartId) : null;
      if (!existing && !newCart) throw new AppError('not_found', CART_NOT_FOUND, { cart: 'missing' });
      const titles = new Map<string, string>();
      const adding = new Map<string, number>();
      for (const line of wanted) {
        const facts = await variantFacts(line.merchandiseId);
        if (!facts) throw new AppError('not_found', MESSAGES.productNotFound);
        if (!facts.priced) throw new AppError('conflict', MESSAGES.noPrice);
        titles.set(line.merchandiseId, facts.title);
        const inCart =
          existing?.lines.edges.find(({ node }) => node.merchandise.id === line.merchandiseId)?.node
            .quantity ?? 0;
        const total = inCart + (adding.get(line.merchandiseId) ?? 0) + line.quantity;
        adding.set(line.merchandiseId, total - inCart);
        if (facts.stock !== null && facts.stock <= 0)
          throw new AppError('conflict', MESSAGES.soldOut, { max: '0' });
        if (facts.stock !== null && total > facts.stock)
          throw new AppError('conflict', tooManyMessage(facts.stock), { max: String(facts.stock) });
      }
      const shopifyLines = wanted.map((line) => ({
        merchandiseId: line.merchandiseId,
        quantity: line.quantity,
      }));
      return existing
        ? mutate(
            STOREFRONT_CART_LINES_ADD,
            'cartLinesAdd',
            { cartId: existing.id, lines: shopifyLines },
            titles,
          )
        : mutate(STOREFRONT_CART_CREATE, 'cartCreate', { input: { lines: shopifyLines } }, titles);
    },

    async updateCartLine(cartId, lineId, quantity) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
        throw new AppError('invalid', 'Η ποσότητα πρέπει να είναι από 1 έως 1000.');
      const cart = await mustReadCart(cartId);
      const line = cart.lines.edges.find(({ node }) => node.id === lineId)?.node;
      if (!line) throw new AppError('not_found', LINE_NOT_FOUND);
      const stock = stockOf(line.merchandise);
      if (stock !== null && quantity > stock)
        throw new AppError('conflict', tooManyMessage(stock), { max: String(stock) });
      return mutate(STOREFRONT_CART_LINES_UPDATE, 'cartLinesUpdate', {
        cartId: cart.id,
        lines: [{ id: lineId, quantity }],
      });
    },

    async removeCartLines(cartId, lineIds) {
      const cart = await mustReadCart(cartId);
      const held = new Set(cart.lines.edges.map(({ node }) => node.id));
      if (lineIds.some((id) => !held.has(id))) throw new AppError('not_found', LINE_NOT_FOUND);
      if (lineIds.length === 0) return reshapeCart(cart, []);
      return mutate(STOREFRONT_CART_LINES_REMOVE, 'cartLinesRemove', { cartId: cart.id, lineIds });
    },

    // Shopify expires carts by itself; the shop keeps nothing of them to purge.
    purgeCarts: async () => 0,
  };
}
