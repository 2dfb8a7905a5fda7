import type Database from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { prepared } from '../sqlite/prepared.ts';

/**
 * Stock taken by an order and given back by a cancellation, from the shop's first location (the
 * engine has one). A take is one conditional update (`available >= n`, a CHECK backs it), so stock
 * never goes below zero on either database.
 *
 * On PostgreSQL, transactions run side by side, and every change of a stock row also moves the
 * one 'stock' counter row (a trigger, migration 007). A transaction that changed one stock row
 * and then waited for a second could deadlock with one holding that second row and waiting for
 * the counter. So a transaction that changes several stock rows first locks them all, in item
 * order, and changes them after: the counter is then only ever waited for by a transaction that
 * holds all its rows. One row needs no lock first (its decrement takes it, and nothing follows).
 */

const SHOP_LOCATION = 'SELECT id FROM locations ORDER BY id LIMIT 1';
const shopLocation = () => sql<number>`(${sql.raw(SHOP_LOCATION)})`;

/** Takes a variant's quantity from the shop's stock, only while enough is left. */
const TAKE_STOCK = `UPDATE inventory_levels SET available = available - ?
  WHERE inventory_item_id = (SELECT id FROM inventory_items WHERE variant_id = ?)
    AND location_id = (${SHOP_LOCATION})
    AND available >= ?`;

/** SQLite, synchronously in the caller's transaction: whether the quantity was there to take. */
export function takeStock(sqlite: Database.Database, variantId: number, quantity: number): boolean {
  return prepared(sqlite, TAKE_STOCK).run(quantity, variantId, quantity).changes > 0;
}

/**
 * takeStock on PostgreSQL for several variants at once, as an UPDATE … RETURNING to put in the
 * order's statement (after lockStock when more than one): the variants whose quantity was there
 * to take, and taken. A cart holds each variant once.
 */
export const takeStockExpression = (wanted: ReadonlyArray<{ variantId: number; quantity: number }>) =>
  sql<{ variant_id: number }>`UPDATE inventory_levels SET available = available - wanted.quantity
    FROM unnest(${wanted.map((line) => line.variantId)}::integer[], ${wanted.map((line) => line.quantity)}::integer[])
        AS wanted (variant_id, quantity),
      inventory_items
    WHERE inventory_items.variant_id = wanted.variant_id
      AND inventory_levels.inventory_item_id = inventory_items.id
      AND inventory_levels.location_id = ${shopLocation()}
      AND inventory_levels.available >= wanted.quantity
    RETURNING inventory_items.variant_id`;

/**
 * An order's one tracked card, taken in the statement that writes the order without a transaction
 * around it (order-placement.ts, decision 104), once the statement's `placed` CTE holds the order.
 * Without a condition: a card sold meanwhile breaks the CHECK (available >= 0), and the whole
 * statement is undone. One row, locked after the cart's, so there is no lock order to keep.
 */
export const takeOneExpression = (variantId: number, quantity: number) =>
  sql`UPDATE inventory_levels SET available = available - ${quantity}
    FROM inventory_items
    WHERE inventory_items.variant_id = ${variantId}
      AND inventory_levels.inventory_item_id = inventory_items.id
      AND inventory_levels.location_id = ${shopLocation()}
      AND EXISTS (SELECT FROM placed)`;

/**
 * PostgreSQL: locks the shop's stock rows of these variants, in item order, until the transaction
 * ends: to change them (`update`), or to read them twice and find them unchanged (`share`: a cart
 * add checks the stock, then reads the cart back with it). `variants` is a list of ids or a
 * subquery giving them.
 */
export async function lockStock(
  trx: Transaction<DB>,
  variants: readonly number[] | ReturnType<typeof cartVariants>,
  mode: 'update' | 'share' = 'update',
): Promise<void> {
  if (Array.isArray(variants) && variants.length === 0) return;
  const rows = trx
    .selectFrom('inventory_levels')
    .select('inventory_levels.inventory_item_id')
    .where(
      'inventory_levels.inventory_item_id',
      'in',
      trx.selectFrom('inventory_items').select('id').where('variant_id', 'in', variants),
    )
    .where('inventory_levels.location_id', '=', shopLocation())
    .orderBy('inventory_levels.inventory_item_id');
  await (mode === 'update' ? rows.forNoKeyUpdate() : rows.forShare()).execute();
}

/** The variants a cart holds, as a subquery for lockStock. */
export const cartVariants = (trx: Transaction<DB>, cartId: string) =>
  trx.selectFrom('cart_lines').select('variant_id').where('cart_id', '=', cartId);

/**
 * Puts every line's quantity back on its variant's tracked stock, in the caller's transaction
 * (lines whose product is gone are skipped).
 */
export async function restock(store: ShopDatabase, trx: Transaction<DB>, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('variant_id')
    .execute();
  const back = lines.flatMap((line) =>
    line.variant_id === null ? [] : [{ variantId: line.variant_id, quantity: line.quantity }],
  );
  if (store.dialect === 'postgres')
    await lockStock(
      trx,
      back.map((line) => line.variantId),
    );
  for (const line of back) {
    await trx
      .updateTable('inventory_levels')
      .set((eb) => ({ available: eb('available', '+', line.quantity) }))
      .where(
        'inventory_item_id',
        '=',
        trx
          .selectFrom('inventory_items')
          .select('id')
          .where('variant_id', '=', line.variantId)
          .where('tracked', '=', 1),
      )
      .where('location_id', '=', shopLocation())
      .execute();
  }
}
