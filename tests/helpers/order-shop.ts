import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createLocalCarts } from '../../src/adapters/commerce-local/carts.ts';
import { createLocalCommerce } from '../../src/adapters/commerce-local/index.ts';
import { createLocalOrders } from '../../src/adapters/commerce-local/orders.ts';
import { createLocalOverview } from '../../src/adapters/commerce-local/overview.ts';
import type { DB } from '../../src/adapters/database/schema.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createLocalSettings } from '../../src/adapters/settings-local/index.ts';
import { firstSettings } from '../../src/domain/settings/first-settings.ts';
import { type Container, createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { postgresTestDatabase } from './databases.ts';
import { openTempShop } from './temp-shop.ts';

/** What the tests of carts, orders and their lifecycle use of a shop. */
export type ShopParts = Pick<
  Container,
  'env' | 'commerce' | 'carts' | 'orders' | 'overview' | 'mail' | 'settings'
>;

/**
 * One shop on an empty database for one test: on SQLite the whole container on a temp data folder
 * (as the server wires it), on PostgreSQL the same adapters built on a database of its own
 * (decision 093). `another()` is a second instance on the same database: on SQLite a second
 * container (another server process), on PostgreSQL another connection pool.
 */
export type OrderShop = ShopParts & {
  store: ShopDatabase;
  /** For the server's use cases (placeOrder, changeOrderStatus), which read only these parts. */
  container: Container;
  another(): Promise<OrderShop>;
  close(): Promise<void>;
};

export const sqliteOrderShop = async (env: Record<string, string> = {}): Promise<OrderShop> => {
  const temp = openTempShop(env);
  const others: Container[] = [];
  const of = (container: Container): OrderShop => ({
    ...container,
    store: container.database,
    container,
    another: async () => {
      const other = createContainer(parseEnv({ ...env, DATA_DIR: temp.dir }));
      others.push(other);
      return of(other);
    },
    close: async () => {
      for (const other of others) other.close();
      temp.remove();
    },
  });
  return of(temp.container);
};

export const postgresOrderShop = async (source: Record<string, string> = {}): Promise<OrderShop> => {
  const database = await postgresTestDatabase();
  // Only for the values the use cases read (the site's address, the shop's email).
  const env = parseEnv({ ...source, DATA_DIR: path.join(os.tmpdir(), 'cardshop-unused') });
  const of = (store: ShopDatabase): OrderShop => {
    const parts: ShopParts = {
      env,
      commerce: createLocalCommerce(store),
      carts: createLocalCarts(store),
      orders: createLocalOrders(store),
      overview: createLocalOverview(store),
      mail: createOutboxMail(store, { transport: null, from: env.MAIL_FROM }),
      settings: createLocalSettings(store, {
        first: () => firstSettings({ shopEmail: env.SHOP_EMAIL, shippingCents: env.SHIPPING_CENTS }),
      }),
    };
    return {
      ...parts,
      store,
      container: parts as Container,
      another: async () => of(await database.another()),
      close: database.close,
    };
  };
  return of(database.store);
};

/** Both, or SQLite alone in `npm test -- quick` (TEST_DATABASES=sqlite, tests/helpers/databases.ts). */
export const ORDER_SHOPS: ReadonlyArray<
  readonly [string, (env?: Record<string, string>) => Promise<OrderShop>]
> =
  process.env.TEST_DATABASES === 'sqlite'
    ? [['SQLite', sqliteOrderShop]]
    : [
        ['SQLite', sqliteOrderShop],
        ['PostgreSQL', postgresOrderShop],
      ];

/** Row count of a table, on either database. */
export async function countRows(shop: OrderShop, table: keyof DB): Promise<number> {
  const row = await shop.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every row of a table in a stable order, to compare before and after a refused call. */
export async function tableRows(shop: OrderShop, table: keyof DB, orderBy: string): Promise<unknown[]> {
  const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.ref(orderBy)}`.execute(
    shop.store.db,
  );
  return rows;
}

/** Runs SQL for a test's fixture (closing a cart, ageing it, failing a write), on either database. */
export async function execute(shop: OrderShop, statement: string): Promise<void> {
  await sql.raw(statement).execute(shop.store.db);
}
