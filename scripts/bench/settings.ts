import { argValue } from '../cli.ts';

export type BenchDatabase = 'sqlite' | 'postgres';

/** The bench's settings, from its command line and environment (scripts/bench.ts lists them). */
export type BenchSettings = {
  products: number;
  rebuilds: number;
  /** The shop's database: SQLite in the data folder, or a throwaway PostgreSQL the bench starts. */
  database: BenchDatabase;
  duration: number;
  connections: number;
  port: number;
  keep: boolean;
  dataDir: string | null;
  writePage: boolean;
  lighthouse: boolean;
  /** Only the cart adds and orders, after the seed and the build (`--shopping-only`). */
  shoppingOnly: boolean;
};

export const DEFAULT_DURATION = 10;
export const DEFAULT_CONNECTIONS = 50;
export const DEFAULT_PRODUCTS = 10_000;

/** What is wrong with the bench's command line or environment, as one line to print. */
export class BenchSettingsError extends Error {}

export function parseBenchSettings(args: string[], env: Record<string, string | undefined>): BenchSettings {
  const settings: BenchSettings = {
    products: wholeNumber('--products', argValue(args, '--products') ?? env.BENCH_PRODUCTS, DEFAULT_PRODUCTS),
    rebuilds: wholeNumber('--rebuilds', argValue(args, '--rebuilds'), 0),
    database: database(args),
    duration: wholeNumber('BENCH_DURATION', env.BENCH_DURATION, DEFAULT_DURATION),
    connections: wholeNumber('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS, DEFAULT_CONNECTIONS),
    port: wholeNumber('BENCH_PORT', env.BENCH_PORT, 4610),
    keep: env.BENCH_KEEP === '1',
    dataDir: env.BENCH_DATA_DIR || null,
    // A partial run's figures cannot stand in for a full run's block on the page.
    writePage: !args.includes('--no-write') && !args.includes('--shopping-only'),
    lighthouse: env.BENCH_LIGHTHOUSE !== '0',
    shoppingOnly: args.includes('--shopping-only'),
  };
  // A kept data folder holds no PostgreSQL database: the bench's server and its data are deleted
  // when the run ends, so a later run would find media files and no shop.
  if (settings.database === 'postgres' && (settings.keep || settings.dataDir))
    throw new BenchSettingsError(
      'BENCH_KEEP and BENCH_DATA_DIR work with --database sqlite only: the bench deletes its PostgreSQL server when the run ends. Leave them unset.',
    );
  return settings;
}

function database(args: string[]): BenchDatabase {
  if (!args.includes('--database')) return 'sqlite';
  const value = argValue(args, '--database');
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new BenchSettingsError(`--database takes sqlite or postgres (got ${value ?? 'nothing'})`);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new BenchSettingsError(`${name} must be a whole number (got ${raw})`);
  return value;
}
