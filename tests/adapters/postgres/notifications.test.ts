import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createLocalCommerce } from '../../../src/adapters/commerce-local/index.ts';
import { createImportJobStore } from '../../../src/adapters/import-jobs/index.ts';
import { enqueueMailIn } from '../../../src/adapters/mail-outbox/enqueue.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import { listenForChanges, type Notifications } from '../../../src/adapters/postgres/notifications.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';

let database: TestDatabase<PostgresEngine> | null = null;
let notifications: Notifications | null = null;
afterEach(async () => {
  await notifications?.close();
  await database?.close();
  notifications = null;
  database = null;
});

/** The changes heard, and a way to wait for one. */
function heard(feed: Notifications) {
  const changes: string[] = [];
  const waiting: Array<{ change: string; resolve: () => void }> = [];
  feed.subscribe((change) => {
    changes.push(change);
    for (const wait of waiting.filter((entry) => entry.change === change)) wait.resolve();
  });
  const next = (change: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${change}" heard; heard ${changes}`)), 10_000);
      waiting.push({
        change,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  return { changes, next };
}

it('hears what any connection commits: a content counter by name, mail queued, an import queued', async () => {
  database = await postgresTestDatabase();
  const url = (database.store.pool.options as { connectionString: string }).connectionString;
  const feed = listenForChanges(url);
  notifications = feed;
  const { changes, next } = heard(feed);
  await next('*'); // Listening.

  // Another instance's write: its own connection pool.
  const other = await database.another();
  const saved = next('catalog');
  await createLocalCommerce(other).createProduct({ title: 'Heard card', priceCents: 500, quantity: 1 });
  await saved;

  const mail = next('mail');
  await enqueueMailIn(other.db, { kind: 'test-mail', to: 'shop@example.gr', subject: 'Hi', text: 'Hi' });
  await mail;

  const imports = next('imports');
  await createImportJobStore(other).queue({ id: 'job-1', total: 1, file: 'Title\nA', origin: 'upload' });
  await imports;

  // A rolled-back change is never heard.
  const before = changes.length;
  await other
    .transaction(async (trx) => {
      await sql`UPDATE counters SET value = value + 1 WHERE name = 'settings'`.execute(trx);
      throw new Error('roll back');
    })
    .catch(() => undefined);
  const settled = next('documents');
  await sql`UPDATE counters SET value = value + 1 WHERE name = 'documents'`.execute(other.db);
  await settled;
  expect(changes.slice(before)).toEqual(['documents']);
});

it('listens again after its connection is cut, and says so with "*"', async () => {
  database = await postgresTestDatabase();
  const url = (database.store.pool.options as { connectionString: string }).connectionString;
  const feed = listenForChanges(url);
  notifications = feed;
  const { next } = heard(feed);
  await next('*');
  expect(feed.listening()).toBe(true);

  const again = next('*');
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN shop_changes'`.execute(
    database.store.db,
  );
  // It says so while the connection is lost (500 ms before the first retry), so that nothing
  // trusts what it has not heard meanwhile.
  await expect.poll(() => feed.listening(), { interval: 5 }).toBe(false);
  await again;
  expect(feed.listening()).toBe(true);
  const stock = next('stock');
  await sql`UPDATE counters SET value = value + 1 WHERE name = 'stock'`.execute(database.store.db);
  await stock;
});
