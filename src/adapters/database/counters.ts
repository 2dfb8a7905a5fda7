import type { ShopDatabase } from './shop-database.ts';

/**
 * The content counters (`counters`: catalog, documents, rebuild, settings, stock), each moved in
 * the same transaction as the change it counts. What the storefront shows is cached per value.
 */
export type CounterValues = Readonly<Record<string, number>>;

export type Counters = {
  /** Every counter as committed (on PostgreSQL, possibly from memory: counter-cache.ts). */
  read(): Promise<CounterValues>;
};

/** The counters read from the database each time: one short query. */
export function readCounters({ db }: ShopDatabase): Counters {
  const query = db.selectFrom('counters').select(['name', 'value']).compile();
  return {
    async read() {
      const values: Record<string, number> = {};
      for (const { name, value } of (await db.executeQuery(query)).rows) values[name] = value;
      return values;
    },
  };
}

/** "catalog=3,documents=1,rebuild=0,settings=2,stock=9": every counter, by name, in one string. */
export const versionString = (values: CounterValues): string =>
  Object.keys(values)
    .sort()
    .map((name) => `${name}=${values[name]}`)
    .join(',');
