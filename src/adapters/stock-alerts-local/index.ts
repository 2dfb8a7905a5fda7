import { createHash, randomBytes } from 'node:crypto';
import {
  confirmLinkWorks,
  purgeCutoffs,
  type StockAlertStatus,
} from '../../domain/stock-alerts/stock-alert.ts';
import type { StockAlertPort } from '../../ports/stock-alerts.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { enqueueMailIn } from '../mail-outbox/enqueue.ts';

const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are kept only as this hash; an absurdly long "token" hashes to nothing stored. */
const hashToken = (token: string) =>
  token.length > 0 && token.length <= 200 ? createHash('sha256').update(token).digest('base64url') : '';

/** A LIMIT from a caller, as a whole number either database takes (NaN: none). */
const rowLimit = (value: number) =>
  Number.isNaN(value) ? 0 : Math.min(Math.max(0, Math.trunc(value)), Number.MAX_SAFE_INTEGER);

/**
 * Whether `id` can name a stored product: PostgreSQL's text holds no NUL (it refuses one with an
 * error), and no product id has one, so such an id is answered as having nobody waiting.
 */
const storableId = (id: string) => !id.includes('\u0000');

/** Ids per counting query: well under either database's limit of bound parameters. */
const COUNT_BATCH = 500;

/**
 * Back-in-stock subscriptions in the shop's database, SQLite or PostgreSQL (table stock_alerts), in
 * every mode: on Shopify too they are the shop's own data, beside the outbox their mails go
 * through. Every write is one transaction (store.transaction) with its mail. Parallel requests
 * from any instance meet at the UNIQUE (email, product) row; the restock pass claims each waiting
 * row with a conditional update, and on PostgreSQL locks the ones it takes (SKIP LOCKED), so
 * passes running at once on several instances pass over each other's subscribers.
 */
export function createLocalStockAlerts(store: ShopDatabase): StockAlertPort {
  // Plain reads: on SQLite they wait for Kysely's connection lock, so they never see an open
  // transaction of this process.
  const { db } = store;

  return {
    async request({ productId, email }, mail, now = new Date()) {
      await store.transaction(async (trx) => {
        const links = { confirmToken: newToken(), unsubscribeToken: newToken() };
        const at = now.toISOString();
        await trx
          .insertInto('stock_alerts')
          .values({
            product_id: productId,
            email,
            status: 'pending',
            confirm_token_hash: hashToken(links.confirmToken),
            unsubscribe_token_hash: hashToken(links.unsubscribeToken),
            created_at: at,
            requested_at: at,
          })
          // Asking again keeps the one row and renews both links; a confirmed subscription stays
          // confirmed, a notified one starts over. Both databases evaluate every SET against the
          // row as it was, so `stock_alerts.status` in the CASEs is the old status.
          .onConflict((conflict) =>
            conflict.columns(['email', 'product_id']).doUpdateSet((eb) => {
              const notified = eb('stock_alerts.status', '=', 'notified');
              return {
                confirm_token_hash: eb.ref('excluded.confirm_token_hash'),
                unsubscribe_token_hash: eb.ref('excluded.unsubscribe_token_hash'),
                requested_at: eb.ref('excluded.requested_at'),
                created_at: eb
                  .case()
                  .when(notified)
                  .then(eb.ref('excluded.created_at'))
                  .else(eb.ref('stock_alerts.created_at'))
                  .end(),
                confirmed_at: eb
                  .case()
                  .when(notified)
                  .then(null)
                  .else(eb.ref('stock_alerts.confirmed_at'))
                  .end(),
                notified_at: eb
                  .case()
                  .when(notified)
                  .then(null)
                  .else(eb.ref('stock_alerts.notified_at'))
                  .end(),
                status: eb
                  .case()
                  .when(notified)
                  .then(eb.val<StockAlertStatus>('pending'))
                  .else(eb.ref('stock_alerts.status'))
                  .end(),
              };
            }),
          )
          .execute();
        await enqueueMailIn(trx, mail(links), now);
      });
    },

    async confirm(token, now = new Date()) {
      const hash = hashToken(token);
      const row =
        hash === ''
          ? undefined
          : await db
              .selectFrom('stock_alerts')
              .select(['id', 'product_id', 'status', 'requested_at'])
              .where('confirm_token_hash', '=', hash)
              .executeTakeFirst();
      // Unknown links are answered from a read: only a real confirmation takes a write transaction.
      if (!row) return { outcome: 'unknown', productId: null };
      const productId = row.product_id;
      if (row.status === 'notified') return { outcome: 'notified', productId };
      if (row.status === 'pending') {
        if (!confirmLinkWorks(row.requested_at, now)) return { outcome: 'expired', productId };
        // Conditional: of two clicks racing, one confirms (on PostgreSQL the other waits for its
        // commit, then finds the row confirmed); a link renewed meanwhile no longer does.
        const still = await store.transaction(async (trx) => {
          const alerts = trx;
          const confirmed = await alerts
            .updateTable('stock_alerts')
            .set({ status: 'confirmed', confirmed_at: now.toISOString() })
            .where('id', '=', row.id)
            .where('status', '=', 'pending')
            .where('confirm_token_hash', '=', hash)
            .executeTakeFirst();
          if (Number(confirmed.numUpdatedRows) === 1) return true;
          const current = await alerts
            .selectFrom('stock_alerts')
            .select('status')
            .where('confirm_token_hash', '=', hash)
            .executeTakeFirst();
          return current?.status === 'confirmed';
        });
        if (!still) return { outcome: 'unknown', productId: null };
      }
      return { outcome: 'confirmed', productId };
    },

    async unsubscribe(token) {
      const hash = hashToken(token);
      const known =
        hash !== '' &&
        (await db
          .selectFrom('stock_alerts')
          .select('id')
          .where('unsubscribe_token_hash', '=', hash)
          .executeTakeFirst()) !== undefined;
      if (!known) return null;
      const row = await store.transaction((trx) =>
        trx
          .deleteFrom('stock_alerts')
          .where('unsubscribe_token_hash', '=', hash)
          .returning('product_id')
          .executeTakeFirst(),
      );
      return row ? { productId: row.product_id } : null;
    },

    async waitingProducts(limit, after = '') {
      const rows = await db
        .selectFrom('stock_alerts')
        .select('product_id')
        .distinct()
        .where('status', '=', 'confirmed')
        .where('product_id', '>', after)
        .orderBy('product_id')
        .limit(rowLimit(limit))
        .execute();
      return rows.map((row) => row.product_id);
    },

    notify: (productId, mail, now = new Date()) =>
      store.transaction(async (trx) => {
        const alerts = trx;
        const at = now.toISOString();
        const waiting = await alerts
          .selectFrom('stock_alerts')
          .select(['id', 'email'])
          .where('status', '=', 'confirmed')
          .where('product_id', '=', productId)
          .orderBy('id')
          // PostgreSQL: the rows another pass is taking right now are its own, not waited for.
          .$if(store.dialect === 'postgres', (query) => query.forUpdate().skipLocked())
          .execute();
        let queued = 0;
        for (const row of waiting) {
          const unsubscribeToken = newToken();
          // The status condition makes a second pass (this instance or another) find nobody left
          // to mail: SQLite runs this transaction alone, and PostgreSQL holds the row's lock.
          const marked = await alerts
            .updateTable('stock_alerts')
            .set({ status: 'notified', notified_at: at, unsubscribe_token_hash: hashToken(unsubscribeToken) })
            .where('id', '=', row.id)
            .where('status', '=', 'confirmed')
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) continue;
          await enqueueMailIn(trx, mail({ email: row.email, unsubscribeToken }), now);
          queued += 1;
        }
        return queued;
      }),

    forgetProduct: (productId) =>
      store.transaction(async (trx) => {
        const result = await trx
          .deleteFrom('stock_alerts')
          .where('product_id', '=', productId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }),

    async waitingCounts(productIds) {
      const counts: Record<string, number> = {};
      const ids = [...new Set(productIds)].filter(storableId);
      for (let start = 0; start < ids.length; start += COUNT_BATCH) {
        const rows = await db
          .selectFrom('stock_alerts')
          .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
          .where('status', '=', 'confirmed')
          .where('product_id', 'in', ids.slice(start, start + COUNT_BATCH))
          .groupBy('product_id')
          .execute();
        for (const row of rows) counts[row.product_id] = row.n;
      }
      return counts;
    },

    async summary(top) {
      const [total, products] = await Promise.all([
        db
          .selectFrom('stock_alerts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'confirmed')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('stock_alerts')
          .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
          .where('status', '=', 'confirmed')
          .groupBy('product_id')
          .orderBy('n', 'desc')
          .orderBy('product_id')
          .limit(rowLimit(top))
          .execute(),
      ]);
      return {
        waiting: total.n,
        products: products.map((row) => ({ productId: row.product_id, waiting: row.n })),
      };
    },

    purge: (now = new Date()) => {
      const { pendingBefore, notifiedBefore, createdBefore } = purgeCutoffs(now);
      return store.transaction(async (trx) => {
        const result = await trx
          .deleteFrom('stock_alerts')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('requested_at', '<', pendingBefore)]),
              eb.and([eb('status', '=', 'notified'), eb('notified_at', '<', notifiedBefore)]),
              eb('created_at', '<', createdBefore),
            ]),
          )
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}
