import { createHash, randomBytes } from 'node:crypto';
import {
  confirmLinkWorks,
  purgeCutoffs,
  type StockAlertStatus,
} from '../../domain/stock-alerts/stock-alert.ts';
import type { StockAlertPort } from '../../ports/stock-alerts.ts';
import type { EnqueueMail } from '../mail-outbox/enqueue.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import type { Engine } from '../sqlite/database.ts';
import { prepared } from '../sqlite/prepared.ts';

const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are kept only as this hash; an absurdly long "token" hashes to nothing stored. */
const hashToken = (token: string) =>
  token.length > 0 && token.length <= 200 ? createHash('sha256').update(token).digest('base64url') : '';

/**
 * Asking again keeps the one row (UNIQUE email, product) and renews both links; a confirmed
 * subscription stays confirmed, a notified one starts over. SQLite evaluates every SET against the
 * row as it was, so `status` in the CASEs is the old status.
 */
const UPSERT = `INSERT INTO stock_alerts
    (product_id, email, status, confirm_token_hash, unsubscribe_token_hash, created_at, requested_at)
  VALUES (?, ?, 'pending', ?, ?, ?, ?)
  ON CONFLICT (email, product_id) DO UPDATE SET
    confirm_token_hash = excluded.confirm_token_hash,
    unsubscribe_token_hash = excluded.unsubscribe_token_hash,
    requested_at = excluded.requested_at,
    created_at = CASE WHEN status = 'notified' THEN excluded.created_at ELSE created_at END,
    confirmed_at = CASE WHEN status = 'notified' THEN NULL ELSE confirmed_at END,
    notified_at = CASE WHEN status = 'notified' THEN NULL ELSE notified_at END,
    status = CASE WHEN status = 'notified' THEN 'pending' ELSE status END`;
const FIND_BY_CONFIRM = `SELECT id, product_id, status, requested_at FROM stock_alerts
  WHERE confirm_token_hash = ?`;
const CONFIRM = `UPDATE stock_alerts SET status = 'confirmed', confirmed_at = ?
  WHERE id = ? AND status = 'pending' AND confirm_token_hash = ?`;
const FIND_BY_UNSUBSCRIBE = 'SELECT 1 FROM stock_alerts WHERE unsubscribe_token_hash = ?';
const UNSUBSCRIBE = 'DELETE FROM stock_alerts WHERE unsubscribe_token_hash = ? RETURNING product_id';
const WAITING_PRODUCTS = `SELECT DISTINCT product_id FROM stock_alerts
  WHERE status = 'confirmed' AND product_id > ? ORDER BY product_id LIMIT ?`;
const WAITING_OF_PRODUCT = `SELECT id, email FROM stock_alerts
  WHERE status = 'confirmed' AND product_id = ? ORDER BY id`;
const MARK_NOTIFIED = `UPDATE stock_alerts
  SET status = 'notified', notified_at = ?, unsubscribe_token_hash = ?
  WHERE id = ? AND status = 'confirmed'`;
const FORGET_PRODUCT = 'DELETE FROM stock_alerts WHERE product_id = ?';
const TOTAL_WAITING = `SELECT count(*) AS n FROM stock_alerts WHERE status = 'confirmed'`;
const TOP_WAITING = `SELECT product_id, count(*) AS n FROM stock_alerts WHERE status = 'confirmed'
  GROUP BY product_id ORDER BY n DESC, product_id LIMIT ?`;
const PURGE = `DELETE FROM stock_alerts
  WHERE (status = 'pending' AND requested_at < ?)
     OR (status = 'notified' AND notified_at < ?)
     OR created_at < ?`;

/** Ids per counting query: well under SQLite's limit of bound parameters. */
const COUNT_BATCH = 500;

export type LocalStockAlertOptions = {
  /** Queues a subscription's mail inside its transaction (the outbox is in the same database). */
  enqueueMail: EnqueueMail;
};

/**
 * Back-in-stock subscriptions in SQLite (table stock_alerts, migration 021), in every mode: on
 * Shopify too they are the shop's own data, beside the outbox their mails go through. Every write
 * is one IMMEDIATE transaction in this process's turn at the write lock, with its mail.
 */
export function createLocalStockAlerts(engine: Engine, options: LocalStockAlertOptions): StockAlertPort {
  const { db, sqlite } = engine;
  // Plain reads, taken under Kysely's connection lock so they never see another port's open transaction.
  const read = <T>(body: () => T): Promise<T> => db.connection().execute(async () => body());

  return {
    async request({ productId, email }, mail, now = new Date()) {
      await inSyncTransaction(engine, () => {
        const links = { confirmToken: newToken(), unsubscribeToken: newToken() };
        const at = now.toISOString();
        prepared(sqlite, UPSERT).run(
          productId,
          email,
          hashToken(links.confirmToken),
          hashToken(links.unsubscribeToken),
          at,
          at,
        );
        options.enqueueMail(sqlite, mail(links), now);
      });
    },

    async confirm(token, now = new Date()) {
      const hash = hashToken(token);
      const row =
        hash === ''
          ? undefined
          : await read(() =>
              prepared<{ id: number; product_id: string; status: StockAlertStatus; requested_at: string }>(
                sqlite,
                FIND_BY_CONFIRM,
              ).get(hash),
            );
      // Unknown links are answered from a read: only a real confirmation takes a turn at the write lock.
      if (!row) return { outcome: 'unknown', productId: null };
      const productId = row.product_id;
      if (row.status === 'notified') return { outcome: 'notified', productId };
      if (row.status === 'pending') {
        if (!confirmLinkWorks(row.requested_at, now)) return { outcome: 'expired', productId };
        // Conditional: of two clicks racing, one confirms; a link renewed meanwhile no longer does.
        const still = await inSyncTransaction(engine, () => {
          if (prepared(sqlite, CONFIRM).run(now.toISOString(), row.id, hash).changes === 1) return true;
          return (
            prepared<{ status: StockAlertStatus }>(sqlite, FIND_BY_CONFIRM).get(hash)?.status === 'confirmed'
          );
        });
        if (!still) return { outcome: 'unknown', productId: null };
      }
      return { outcome: 'confirmed', productId };
    },

    async unsubscribe(token) {
      const hash = hashToken(token);
      const known =
        hash !== '' && (await read(() => prepared(sqlite, FIND_BY_UNSUBSCRIBE).get(hash) !== undefined));
      if (!known) return null;
      const row = await inSyncTransaction(engine, () =>
        prepared<{ product_id: string }>(sqlite, UNSUBSCRIBE).get(hash),
      );
      return row ? { productId: row.product_id } : null;
    },

    waitingProducts: (limit, after = '') =>
      read(() =>
        prepared<{ product_id: string }>(sqlite, WAITING_PRODUCTS)
          .all(after, Math.max(0, Math.trunc(limit)))
          .map((row) => row.product_id),
      ),

    notify: (productId, mail, now = new Date()) =>
      inSyncTransaction(engine, () => {
        const at = now.toISOString();
        let queued = 0;
        for (const row of prepared<{ id: number; email: string }>(sqlite, WAITING_OF_PRODUCT).all(
          productId,
        )) {
          const unsubscribeToken = newToken();
          // Inside one IMMEDIATE transaction nothing else writes, and the status condition makes a
          // second pass (this process or another) find nobody left to mail.
          const marked = prepared(sqlite, MARK_NOTIFIED).run(at, hashToken(unsubscribeToken), row.id);
          if (marked.changes !== 1) continue;
          options.enqueueMail(sqlite, mail({ email: row.email, unsubscribeToken }), now);
          queued += 1;
        }
        return queued;
      }),

    forgetProduct: (productId) =>
      inSyncTransaction(engine, () => prepared(sqlite, FORGET_PRODUCT).run(productId).changes),

    waitingCounts: (productIds) =>
      read(() => {
        const counts: Record<string, number> = {};
        const ids = [...new Set(productIds)];
        for (let start = 0; start < ids.length; start += COUNT_BATCH) {
          const batch = ids.slice(start, start + COUNT_BATCH);
          const rows = prepared<{ product_id: string; n: number }>(
            sqlite,
            `SELECT product_id, count(*) AS n FROM stock_alerts
             WHERE status = 'confirmed' AND product_id IN (${batch.map(() => '?').join(', ')})
             GROUP BY product_id`,
          ).all(...batch);
          for (const row of rows) counts[row.product_id] = row.n;
        }
        return counts;
      }),

    summary: (top) =>
      read(() => ({
        waiting: prepared<{ n: number }>(sqlite, TOTAL_WAITING).get()?.n ?? 0,
        products: prepared<{ product_id: string; n: number }>(sqlite, TOP_WAITING)
          .all(Math.max(0, Math.trunc(top)))
          .map((row) => ({ productId: row.product_id, waiting: row.n })),
      })),

    purge: (now = new Date()) => {
      const { pendingBefore, notifiedBefore, createdBefore } = purgeCutoffs(now);
      return inSyncTransaction(
        engine,
        () => prepared(sqlite, PURGE).run(pendingBefore, notifiedBefore, createdBefore).changes,
      );
    },
  };
}
