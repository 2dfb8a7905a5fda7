import type Database from 'better-sqlite3';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Cart, CartNotice } from '../../domain/cart/cart.ts';
import { cartTotals, reducedNotice, soldOutNotice } from '../../domain/cart/cart-rules.ts';
import { imageUrls, type MediaUrlSettings } from '../../domain/media/responsive-image.ts';
import type { DB } from '../database/schema.ts';
import { preparedStatement } from '../postgres/prepared-statements.ts';
import { toGid } from '../sqlite/ids.ts';
import { prepared } from '../sqlite/prepared.ts';

/**
 * A cart as the shopper should see it, and a variant's stock: on SQLite synchronous plain SQL on
 * the connection of the caller's open transaction (order placement reads the cart on its hot
 * path, decision 004), on PostgreSQL the same reads through the caller's Kysely transaction
 * (decision 093), or in one query outside any, for an order written in one statement (104).
 * What reading a cart decides is one pure function (`withinStock`).
 */

const CHECKOUT_URL = '/checkout';
const lineGid = (id: number) => `gid://shop/CartLine/${id}`;

type StockRow = { tracked: number | null; available: number | null };

/** Stock from a variant's inventory row: null when untracked, 0 when it has none. */
const stockFrom = (row: StockRow | undefined): number | null =>
  !row || row.tracked === null ? 0 : row.tracked ? Number(row.available ?? 0) : null;

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
  return stockFrom(prepared<StockRow>(sqlite, STOCK).get(variantId));
}

/** stockOf on PostgreSQL, in the caller's transaction. */
export async function stockIn(trx: Kysely<DB> | Transaction<DB>, variantId: number): Promise<number | null> {
  const { rows } = await sql<StockRow>`SELECT inventory_items.tracked AS tracked,
      coalesce(sum(inventory_levels.available), 0) AS available
    FROM inventory_items
    LEFT JOIN inventory_levels ON inventory_levels.inventory_item_id = inventory_items.id
    WHERE inventory_items.variant_id = ${variantId}
    GROUP BY inventory_items.id`.execute(trx);
  return stockFrom(rows[0]);
}

/** A line of the cart with what the shopper sees of its product, and its stock. */
type HeldLine = {
  id: number;
  quantity: number;
  variant_id: number;
  price_cents: number | null;
  product_id: number;
  title: string;
  file_name: string | null;
  stock: number | null;
};

/** What a read of the cart changes: lines to remove, lines to bring down to their stock. */
type Changes = { removed: number[]; reduced: Array<{ id: number; quantity: number }> };

/**
 * The cart from its lines: a line that outgrew its stock is brought back within it, a sold-out or
 * unpriced one removed, each change with a notice. Pure; the caller writes the changes.
 */
function withinStock(
  cartId: string,
  held: readonly HeldLine[],
  mediaUrls: MediaUrlSettings,
): { cart: Cart; changes: Changes } {
  const notices: CartNotice[] = [];
  const lines: Cart['lines'] = [];
  const changes: Changes = { removed: [], reduced: [] };
  for (const row of held) {
    const { stock } = row;
    const gid = lineGid(row.id);
    if ((stock !== null && stock <= 0) || row.price_cents === null) {
      changes.removed.push(row.id);
      notices.push({ lineId: gid, kind: 'sold_out', message: soldOutNotice(row.title) });
      continue;
    }
    let quantity = row.quantity;
    if (stock !== null && quantity > stock) {
      quantity = stock;
      changes.reduced.push({ id: row.id, quantity });
      notices.push({ lineId: gid, kind: 'reduced', message: reducedNotice(row.title, stock) });
    }
    lines.push({
      id: gid,
      quantity,
      merchandise: {
        id: toGid('ProductVariant', row.variant_id),
        productId: toGid('Product', row.product_id),
        title: row.title,
        image: row.file_name ? imageUrls(mediaUrls, row.file_name).url : null,
        priceCents: row.price_cents,
        available: stock,
      },
    });
  }
  const totals = cartTotals(
    lines.map((line) => ({ quantity: line.quantity, priceCents: line.merchandise.priceCents })),
  );
  return { cart: { id: cartId, checkoutUrl: CHECKOUT_URL, lines, ...totals, notices }, changes };
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

/**
 * The cart as the shopper should see it. Lines that outgrew the stock are brought back within it,
 * and sold-out ones removed, in the caller's open transaction; each change comes back as a notice.
 * Synchronous plain SQL on that transaction's connection: order placement reads the cart on its
 * hot path (decision 004). `mediaUrls` says where browsers fetch the images (imageUrls); an order
 * keeps none, so placing one leaves it out.
 */
export function readCart(sqlite: Database.Database, cartId: string, mediaUrls: MediaUrlSettings = {}): Cart {
  const rows = prepared<Omit<HeldLine, 'stock'>>(sqlite, CART_LINES).all(cartId);
  const { cart, changes } = withinStock(
    cartId,
    rows.map((row) => ({ ...row, stock: stockOf(sqlite, row.variant_id) })),
    mediaUrls,
  );
  for (const id of changes.removed) prepared(sqlite, 'DELETE FROM cart_lines WHERE id = ?').run(id);
  for (const { id, quantity } of changes.reduced)
    prepared(sqlite, 'UPDATE cart_lines SET quantity = ? WHERE id = ?').run(quantity, id);
  return cart;
}

/** A cart's lines on PostgreSQL, each with its product and stock (HeldLine before stockFrom). */
const linesWithStock = (cartId: string) => sql`SELECT cart_lines.id, cart_lines.quantity,
    cart_lines.variant_id, variants.price_cents, products.id AS product_id, products.title,
    media.file_name, stock.tracked, stock.available
  FROM cart_lines
  JOIN variants ON variants.id = cart_lines.variant_id
  JOIN products ON products.id = variants.product_id
  LEFT JOIN product_media ON product_media.product_id = products.id AND product_media.position = 0
  LEFT JOIN media ON media.id = product_media.media_id
  LEFT JOIN LATERAL (
    SELECT inventory_items.tracked, coalesce(sum(inventory_levels.available), 0) AS available
    FROM inventory_items
    LEFT JOIN inventory_levels ON inventory_levels.inventory_item_id = inventory_items.id
    WHERE inventory_items.variant_id = cart_lines.variant_id
    GROUP BY inventory_items.id
  ) AS stock ON true
  WHERE cart_lines.cart_id = ${cartId}`;

type LineWithStock = Omit<HeldLine, 'stock'> & StockRow;
const held = ({ tracked, available, ...row }: LineWithStock): HeldLine => ({
  ...row,
  stock: stockFrom({ tracked, available }),
});

/** readCart on PostgreSQL, in the caller's transaction: the lines and their stock in one query. */
export async function readCartIn(
  trx: Transaction<DB>,
  cartId: string,
  mediaUrls: MediaUrlSettings = {},
): Promise<Cart> {
  const { rows } = await trx.executeQuery(
    preparedStatement(sql<LineWithStock>`${linesWithStock(cartId)} ORDER BY cart_lines.id`.compile(trx)),
  );
  const { cart, changes } = withinStock(cartId, rows.map(held), mediaUrls);
  if (changes.removed.length > 0)
    await trx.deleteFrom('cart_lines').where('id', 'in', changes.removed).execute();
  for (const { id, quantity } of changes.reduced)
    await trx.updateTable('cart_lines').set({ quantity }).where('id', '=', id).execute();
  return cart;
}

/** A cart read for an order placed in one statement (readCartToOrder). */
export type CartToOrder = {
  closedAt: string | null;
  /** The cart row's version: its xmin, the transaction that last changed it. */
  version: string;
  /** The order's id, drawn from its sequence with the read. */
  orderId: number;
  /** The cart as the shopper should see it; its notices name what reading it would change. */
  cart: Cart;
};

/**
 * PostgreSQL, outside any transaction, in one query: the cart as an order takes it, with what an
 * order written in one statement needs (order-placement.ts, decision 104). Every change of a
 * cart's lines also writes its row (carts.ts touches it), so the row's xmin tells whether the
 * cart is still the one read. Nothing is written: a cart that needs changes says so in its
 * notices, and the locked path writes them. Null when there is no such cart.
 */
export async function readCartToOrder(db: Kysely<DB>, cartId: string): Promise<CartToOrder | null> {
  const query = sql<
    { closed_at: string | null; version: string; order_id: number } & Partial<LineWithStock>
  >`WITH cart AS MATERIALIZED (
      SELECT closed_at, xmin::text AS version,
        nextval(pg_get_serial_sequence('orders', 'id'))::integer AS order_id
      FROM carts WHERE id = ${cartId})
    SELECT cart.closed_at, cart.version, cart.order_id, line.*
    FROM cart LEFT JOIN LATERAL (${linesWithStock(cartId)}) AS line ON true
    ORDER BY line.id`.compile(db);
  const { rows } = await db.executeQuery(preparedStatement(query));
  const first = rows[0];
  if (!first) return null;
  const lines = rows.flatMap((row) => (row.id == null ? [] : [held(row as LineWithStock)]));
  return {
    closedAt: first.closed_at,
    version: first.version,
    orderId: first.order_id,
    cart: withinStock(cartId, lines, {}).cart,
  };
}
