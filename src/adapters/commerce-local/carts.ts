import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { type Cart, type CartLineInput, cartLineInputSchema } from '../../domain/cart/cart.ts';
import { tooManyMessage } from '../../domain/cart/cart-rules.ts';
import { AppError } from '../../domain/errors.ts';
import type { MediaUrlSettings } from '../../domain/media/responsive-image.ts';
import type { CartPort } from '../../ports/commerce.ts';
import { isRowId } from '../database/row-id.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { sqliteEngineOf } from '../sqlite/engine-of.ts';
import { parseGid } from '../sqlite/ids.ts';
import { readCart, readCartIn, stockIn, stockOf } from './cart-reads.ts';
import { lockStock } from './stock-moves.ts';

type Db = Kysely<DB> | Transaction<DB>;
const CART_ID = /^[A-Za-z0-9_-]{32}$/;
/** Different products one cart may hold, so one cart cannot grow without end. */
export const MAX_CART_LINES = 50;

export const isCartId = (value: string) => CART_ID.test(value);
const CART_MISSING = 'Το καλάθι δεν βρέθηκε.';
const lineId = (gid: string) => {
  const match = /^gid:\/\/shop\/CartLine\/(\d{1,15})$/.exec(gid);
  const id = match ? Number(match[1]) : null;
  return id !== null && isRowId(id) ? id : null;
};

/** What a cart call needs that each database does its own way (cart-reads.ts). */
type CartQueries = {
  /** Stock of a variant; null when untracked. */
  stock(trx: Transaction<DB>, variantId: number): number | null | Promise<number | null>;
  /** The cart brought within stock, in the caller's transaction. */
  read(trx: Transaction<DB>, cartId: string): Cart | Promise<Cart>;
  /**
   * Whether the cart is open. On PostgreSQL it also locks the cart's row until the transaction
   * ends, so calls on one cart (two tabs, a checkout) take turns, from any instance, as SQLite's
   * one writer makes them.
   */
  openCart(trx: Transaction<DB>, cartId: string): Promise<boolean>;
  /**
   * Keeps these variants' stock as it is until the transaction ends, so the stock a change was
   * checked against is the stock the cart is read back with (PostgreSQL; SQLite's one writer
   * does so already).
   */
  holdStock(trx: Transaction<DB>, variantIds: readonly number[]): Promise<void>;
};

function cartQueries(store: ShopDatabase, mediaUrls: MediaUrlSettings): CartQueries {
  const engine = sqliteEngineOf(store);
  if (engine)
    return {
      stock: (_trx, variantId) => stockOf(engine.sqlite, variantId),
      read: (_trx, cartId) => readCart(engine.sqlite, cartId, mediaUrls),
      openCart: (trx, cartId) => isOpen(trx.selectFrom('carts').select('closed_at').where('id', '=', cartId)),
      holdStock: async () => undefined,
    };
  return {
    stock: stockIn,
    read: (trx, cartId) => readCartIn(trx, cartId, mediaUrls),
    openCart: (trx, cartId) =>
      isOpen(trx.selectFrom('carts').select('closed_at').where('id', '=', cartId).forUpdate()),
    holdStock: (trx, variantIds) => lockStock(trx, variantIds, 'share'),
  };
}

async function isOpen(query: { executeTakeFirst(): Promise<{ closed_at: string | null } | undefined> }) {
  const cart = await query.executeTakeFirst();
  return Boolean(cart && cart.closed_at === null);
}

/**
 * Carts on the local engine, on SQLite or PostgreSQL; every change is one transaction and answers
 * the whole cart, its images where `mediaUrls` says (the shop's /media/ unless MEDIA_PUBLIC_URL).
 */
export function createLocalCarts(
  store: ShopDatabase,
  options: { mediaUrls?: MediaUrlSettings } = {},
): CartPort {
  const { db } = store;
  const { stock, read, openCart, holdStock } = cartQueries(store, options.mediaUrls ?? {});
  return {
    async getCart(cartId) {
      if (!isCartId(cartId)) return null;
      return store.transaction(async (trx) => ((await openCart(trx, cartId)) ? read(trx, cartId) : null));
    },

    async addCartLines(cartId, lines, { newCart = true } = {}) {
      const wanted = lines.map((line) => {
        const parsed = cartLineInputSchema.safeParse(line);
        if (!parsed.success) throw new AppError('invalid', 'Μη έγκυρο προϊόν ή ποσότητα (1 έως 1000).');
        return parsed.data;
      });
      if (wanted.length === 0 || wanted.length > 50)
        throw new AppError('invalid', 'Μη έγκυρα στοιχεία καλαθιού.');
      return store.transaction(async (trx) => {
        const open = cartId && isCartId(cartId) && (await openCart(trx, cartId)) ? cartId : null;
        if (!open && !newCart) throw new AppError('not_found', CART_MISSING, { cart: 'missing' });
        const id = open ?? (await createCart(trx));
        await holdStock(
          trx,
          wanted.flatMap((line) => {
            const variantId = parseGid('ProductVariant', line.merchandiseId);
            return variantId === null ? [] : [variantId];
          }),
        );
        for (const line of wanted) await addLine(trx, id, line, (variantId) => stock(trx, variantId));
        // A new cart was made just now, with the time.
        if (open) await touch(trx, id);
        return read(trx, id);
      });
    },

    async updateCartLine(cartId, gid, quantity) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
        throw new AppError('invalid', 'Η ποσότητα πρέπει να είναι από 1 έως 1000.');
      }
      return store.transaction(async (trx) => {
        // The cart's turn first (PostgreSQL); ownLine answers whether the line is the open cart's.
        if (isCartId(cartId)) await openCart(trx, cartId);
        const line = await ownLine(trx, cartId, gid);
        await holdStock(trx, [line.variant_id]);
        const available = await stock(trx, line.variant_id);
        if (available !== null && quantity > available)
          throw new AppError('conflict', tooManyMessage(available), { max: String(available) });
        await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', line.id).execute();
        await touch(trx, cartId);
        return read(trx, cartId);
      });
    },

    async removeCartLines(cartId, gids) {
      return store.transaction(async (trx) => {
        if (!isCartId(cartId) || !(await openCart(trx, cartId)))
          throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
        for (const gid of gids) {
          const line = await ownLine(trx, cartId, gid);
          await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute();
        }
        await touch(trx, cartId);
        return read(trx, cartId);
      });
    },

    async purgeCarts(days) {
      const before = new Date(Date.now() - days * 86_400_000).toISOString();
      const result = await db.deleteFrom('carts').where('updated_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

async function createCart(trx: Db): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  const now = new Date().toISOString();
  await trx.insertInto('carts').values({ id, created_at: now, updated_at: now, closed_at: null }).execute();
  return id;
}

async function touch(trx: Db, cartId: string) {
  await trx
    .updateTable('carts')
    .set({ updated_at: new Date().toISOString() })
    .where('id', '=', cartId)
    .execute();
}

async function addLine(
  trx: Db,
  cartId: string,
  line: CartLineInput,
  stockOfVariant: (variantId: number) => number | null | Promise<number | null>,
) {
  const variantId = parseGid('ProductVariant', line.merchandiseId);
  const variant =
    variantId === null
      ? undefined
      : await trx
          .selectFrom('variants')
          .select(['id', 'price_cents'])
          .where('id', '=', variantId)
          .executeTakeFirst();
  if (!variant) throw new AppError('not_found', MESSAGES.productNotFound);
  if (variant.price_cents === null) throw new AppError('conflict', MESSAGES.noPrice);
  // The variant's line in the cart, if any, and how many lines the cart holds: one look.
  const { existing_id, existing_quantity, held } = await trx
    .selectFrom('cart_lines')
    .select((eb) => [
      eb.fn.countAll<number>().as('held'),
      eb
        .selectFrom('cart_lines')
        .select('id')
        .where('cart_id', '=', cartId)
        .where('variant_id', '=', variant.id)
        .as('existing_id'),
      eb
        .selectFrom('cart_lines')
        .select('quantity')
        .where('cart_id', '=', cartId)
        .where('variant_id', '=', variant.id)
        .as('existing_quantity'),
    ])
    .where('cart_id', '=', cartId)
    .executeTakeFirstOrThrow();
  const existing =
    existing_id === null || existing_quantity === null
      ? null
      : { id: existing_id, quantity: existing_quantity };
  const stock = await stockOfVariant(variant.id);
  const quantity = (existing?.quantity ?? 0) + line.quantity;
  if (stock !== null && stock <= 0) throw new AppError('conflict', MESSAGES.soldOut, { max: '0' });
  if (stock !== null && quantity > stock)
    throw new AppError('conflict', tooManyMessage(stock), { max: String(stock) });
  if (existing) {
    await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', existing.id).execute();
  } else {
    if (Number(held) >= MAX_CART_LINES)
      throw new AppError('conflict', `Το καλάθι χωράει έως ${MAX_CART_LINES} διαφορετικά προϊόντα.`);
    await trx
      .insertInto('cart_lines')
      .values({ cart_id: cartId, variant_id: variant.id, quantity, created_at: new Date().toISOString() })
      .execute();
  }
}

async function ownLine(trx: Db, cartId: string, gid: string) {
  const id = lineId(gid);
  const line =
    id === null || !isCartId(cartId)
      ? undefined
      : await trx
          .selectFrom('cart_lines')
          .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
          .select(['cart_lines.id', 'cart_lines.variant_id'])
          .where('cart_lines.id', '=', id)
          .where('cart_lines.cart_id', '=', cartId)
          .where('carts.closed_at', 'is', null)
          .executeTakeFirst();
  if (!line) throw new AppError('not_found', 'Η γραμμή του καλαθιού δεν βρέθηκε.');
  return line;
}
