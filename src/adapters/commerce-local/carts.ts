import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
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
import type { DB } from '../database/schema.ts';
import { inTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { parseGid, toGid } from '../sqlite/ids.ts';
import { prepared } from '../sqlite/prepared.ts';

type Db = Kysely<DB> | Transaction<DB>;
const CHECKOUT_URL = '/checkout';
const CART_ID = /^[A-Za-z0-9_-]{32}$/;
/** Different products one cart may hold, so one cart cannot grow without end. */
export const MAX_CART_LINES = 50;

export const isCartId = (value: string) => CART_ID.test(value);
const CART_MISSING = 'Το καλάθι δεν βρέθηκε.';
const lineGid = (id: number) => `gid://shop/CartLine/${id}`;
const lineId = (gid: string) => {
  const match = /^gid:\/\/shop\/CartLine\/(\d{1,15})$/.exec(gid);
  return match ? Number(match[1]) : null;
};

/** Carts on the local engine; every change is one transaction and answers the whole cart. */
export function createLocalCarts({ db, sqlite }: Engine): CartPort {
  return {
    async getCart(cartId) {
      if (!isCartId(cartId)) return null;
      return inTransaction(db, async (trx) =>
        (await openCart(trx, cartId)) ? readCart(sqlite, cartId) : null,
      );
    },

    async addCartLines(cartId, lines, { newCart = true } = {}) {
      const wanted = lines.map((line) => {
        const parsed = cartLineInputSchema.safeParse(line);
        if (!parsed.success) throw new AppError('invalid', 'Μη έγκυρο προϊόν ή ποσότητα (1 έως 1000).');
        return parsed.data;
      });
      if (wanted.length === 0 || wanted.length > 50)
        throw new AppError('invalid', 'Μη έγκυρα στοιχεία καλαθιού.');
      return inTransaction(db, async (trx) => {
        const open = cartId && isCartId(cartId) && (await openCart(trx, cartId)) ? cartId : null;
        if (!open && !newCart) throw new AppError('not_found', CART_MISSING, { cart: 'missing' });
        const id = open ?? (await createCart(trx));
        for (const line of wanted) await addLine(trx, sqlite, id, line);
        await touch(trx, id);
        return readCart(sqlite, id);
      });
    },

    async updateCartLine(cartId, gid, quantity) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
        throw new AppError('invalid', 'Η ποσότητα πρέπει να είναι από 1 έως 1000.');
      }
      return inTransaction(db, async (trx) => {
        const line = await ownLine(trx, cartId, gid);
        const stock = stockOf(sqlite, line.variant_id);
        if (stock !== null && quantity > stock)
          throw new AppError('conflict', tooManyMessage(stock), { max: String(stock) });
        await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', line.id).execute();
        await touch(trx, cartId);
        return readCart(sqlite, cartId);
      });
    },

    async removeCartLines(cartId, gids) {
      return inTransaction(db, async (trx) => {
        if (!isCartId(cartId) || !(await openCart(trx, cartId)))
          throw new AppError('not_found', 'Το καλάθι δεν βρέθηκε.');
        for (const gid of gids) {
          const line = await ownLine(trx, cartId, gid);
          await trx.deleteFrom('cart_lines').where('id', '=', line.id).execute();
        }
        await touch(trx, cartId);
        return readCart(sqlite, cartId);
      });
    },

    async purgeCarts(days) {
      const before = new Date(Date.now() - days * 86_400_000).toISOString();
      const result = await db.deleteFrom('carts').where('updated_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

async function openCart(trx: Db, cartId: string): Promise<boolean> {
  const cart = await trx.selectFrom('carts').select('closed_at').where('id', '=', cartId).executeTakeFirst();
  return Boolean(cart && cart.closed_at === null);
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

const STOCK = `SELECT inventory_items.tracked AS tracked,
    coalesce(sum(inventory_levels.available), 0) AS available
  FROM inventory_items
  LEFT JOIN inventory_levels ON inventory_levels.inventory_item_id = inventory_items.id
  WHERE inventory_items.variant_id = ?
  GROUP BY inventory_items.id`;

/**
 * Stock of a variant (summed over locations); null when its inventory is not tracked. Synchronous,
 * on the connection of the caller's open transaction.
 */
export function stockOf(sqlite: Database.Database, variantId: number): number | null {
  const row = prepared<{ tracked: number; available: number }>(sqlite, STOCK).get(variantId);
  if (!row) return 0;
  return row.tracked ? Number(row.available) : null;
}

async function addLine(trx: Db, sqlite: Database.Database, cartId: string, line: CartLineInput) {
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
  const existing = await trx
    .selectFrom('cart_lines')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('variant_id', '=', variant.id)
    .executeTakeFirst();
  const stock = stockOf(sqlite, variant.id);
  const quantity = (existing?.quantity ?? 0) + line.quantity;
  if (stock !== null && stock <= 0) throw new AppError('conflict', MESSAGES.soldOut, { max: '0' });
  if (stock !== null && quantity > stock)
    throw new AppError('conflict', tooManyMessage(stock), { max: String(stock) });
  if (existing) {
    await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', existing.id).execute();
  } else {
    const held = await trx
      .selectFrom('cart_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cart_id', '=', cartId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= MAX_CART_LINES)
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

const CART_LINES = `SELECT cart_lines.id, cart_lines.quantity, cart_lines.variant_id,
    variants.price_cents, products.id AS product_id, products.title, media.file_name
  FROM cart_lines
  JOIN variants ON variants.id = cart_lines.variant_id
  JOIN products ON products.id = variants.product_id
  LEFT JOIN product_media ON product_media.product_id = products.id AND product_media.position = 0
  LEFT JOIN media ON media.id = product_media.media_id
  WHERE cart_lines.cart_id = ?
  ORDER BY cart_lines.id`;

type CartLineRow = {
  id: number;
  quantity: number;
  variant_id: number;
  price_cents: number | null;
  product_id: number;
  title: string;
  file_name: string | null;
};

/**
 * The cart as the shopper should see it. Lines that outgrew the stock are brought back within it,
 * and sold-out ones removed, in the caller's open transaction; each change comes back as a notice.
 * Synchronous plain SQL on that transaction's connection: order placement reads the cart on its
 * hot path (decision 065).
 */
export function readCart(sqlite: Database.Database, cartId: string): Cart {
  const rows = prepared<CartLineRow>(sqlite, CART_LINES).all(cartId);
  const notices: CartNotice[] = [];
  const lines: Cart['lines'] = [];
  for (const row of rows) {
    const stock = stockOf(sqlite, row.variant_id);
    const gid = lineGid(row.id);
    if ((stock !== null && stock <= 0) || row.price_cents === null) {
      prepared(sqlite, 'DELETE FROM cart_lines WHERE id = ?').run(row.id);
      notices.push({
        lineId: gid,
        kind: 'sold_out',
        message: soldOutNotice(row.title),
      });
      continue;
    }
    let quantity = row.quantity;
    if (stock !== null && quantity > stock) {
      quantity = stock;
      prepared(sqlite, 'UPDATE cart_lines SET quantity = ? WHERE id = ?').run(quantity, row.id);
      notices.push({
        lineId: gid,
        kind: 'reduced',
        message: reducedNotice(row.title, stock),
      });
    }
    lines.push({
      id: gid,
      quantity,
      merchandise: {
        id: toGid('ProductVariant', row.variant_id),
        productId: toGid('Product', row.product_id),
        title: row.title,
        image: row.file_name ? `/media/${row.file_name}` : null,
        priceCents: row.price_cents,
        available: stock,
      },
    });
  }
  const totals = cartTotals(
    lines.map((line) => ({ quantity: line.quantity, priceCents: line.merchandise.priceCents })),
  );
  return { id: cartId, checkoutUrl: CHECKOUT_URL, lines, ...totals, notices };
}
