/**
 * node scripts/bench/overview.ts <data folder> [--orders 20000]: adds orders spread over the last
 * 120 days to a seeded shop (`npm run seed -- --products 10000` first), written straight into the
 * engine's tables as the checkout leaves them (lines, events; stock left as it is), then times
 * each of the overview's queries (decision 088): the first call, and the mean of 5 more.
 */
import { randomUUID } from 'node:crypto';
import { createLocalOverview } from '../../src/adapters/commerce-local/overview.ts';
import { offsetSpans, periodStarts } from '../../src/domain/overview/shop-time.ts';
import { createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { argValue } from '../cli.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node scripts/bench/overview.ts <data folder> [--orders N]');
const wanted = Number(argValue(process.argv.slice(3), '--orders') ?? 20_000);
const container = createContainer(parseEnv({ ...process.env, DATA_DIR: dataDir }));
if (!container.engine)
  throw new Error('This bench seeds orders straight into SQLite: leave DATABASE_URL unset.');
const { engine } = container;
const { sqlite } = engine;

const have = (sqlite.prepare('SELECT count(*) FROM orders').pluck().get() as number) ?? 0;
if (have < wanted) {
  const variants = sqlite
    .prepare(
      'SELECT variants.id, products.title, variants.price_cents FROM variants JOIN products ON products.id = variants.product_id WHERE variants.price_cents IS NOT NULL',
    )
    .all() as Array<{ id: number; title: string; price_cents: number }>;
  const order =
    sqlite.prepare(`INSERT INTO orders (number, idempotency_key, access_token, status, customer_name, email, phone,
      delivery_json, payment_method, notes, subtotal_cents, shipping_cents, total_cents, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, '6912345678', '{"method":"pickup"}', 'bank_transfer', '', ?, 0, ?, ?, ?) RETURNING id`);
  const line = sqlite.prepare(
    'INSERT INTO order_lines (order_id, variant_id, product_title, unit_price_cents, quantity) VALUES (?, ?, ?, ?, ?)',
  );
  const event = sqlite.prepare(
    `INSERT INTO order_events (order_id, status, created_at) VALUES (?, 'pending', ?)`,
  );
  const statuses = ['pending', 'paid', 'shipped', 'collected', 'cancelled'] as const;
  const started = Date.now();
  sqlite.transaction(() => {
    for (let n = have; n < wanted; n += 1) {
      const at = new Date(started - Math.floor(Math.random() * 120 * 86_400_000)).toISOString();
      const picks = Array.from(
        { length: 1 + (n % 3) },
        (_, k) => variants[(n * 7 + k * 13) % variants.length],
      );
      const subtotal = picks.reduce((sum, pick) => sum + (pick?.price_cents ?? 0), 0);
      const id = (
        order.get(
          `B${String(n).padStart(7, '0')}`,
          `bench-${randomUUID()}`,
          randomUUID(),
          statuses[n % statuses.length],
          `Πελάτης ${n % 3000}`,
          `customer${n % 3000}@example.gr`,
          subtotal,
          subtotal,
          at,
          at,
        ) as { id: number }
      ).id;
      for (const pick of picks) if (pick) line.run(id, pick.id, pick.title, pick.price_cents, 1);
      event.run(id, at);
    }
  })();
  console.info(`Added ${wanted - have} orders.`);
}

const overview = createLocalOverview(engine);
const now = new Date();
const periods = periodStarts(now);
const window = { now, periods, spans: offsetSpans(periods.days90, now) };
const time = async (name: string, run: () => Promise<unknown>) => {
  let at = performance.now();
  await run();
  const first = performance.now() - at;
  at = performance.now();
  for (let k = 0; k < 5; k += 1) await run();
  console.info(`${name}: first ${first.toFixed(1)} ms, then ${((performance.now() - at) / 5).toFixed(1)} ms`);
};
const products = sqlite.prepare('SELECT count(*) FROM products').pluck().get();
const orders = sqlite.prepare('SELECT count(*) FROM orders').pluck().get();
console.info(`${products} products, ${orders} orders`);
await time('sales figures (5 queries side by side)', () => overview.salesFigures(window));
await time('stock watch', () => overview.stockWatch(2, 10));
container.close();
