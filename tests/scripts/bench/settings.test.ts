import { describe, expect, it } from 'vitest';
import { BenchSettingsError, parseBenchSettings } from '../../../scripts/bench/settings.ts';

describe("the bench's settings", () => {
  it('runs on SQLite, 10,000 products, 10 s at 50 connections, and writes the page, unless told otherwise', () => {
    expect(parseBenchSettings([], {})).toEqual({
      products: 10_000,
      rebuilds: 0,
      database: 'sqlite',
      duration: 10,
      connections: 50,
      port: 4610,
      keep: false,
      dataDir: null,
      writePage: true,
      lighthouse: true,
      shoppingOnly: false,
    });
  });

  it('runs the cart adds and orders alone with --shopping-only, and then writes nothing to the page', () => {
    expect(parseBenchSettings(['--shopping-only', '--database', 'postgres'], {})).toMatchObject({
      shoppingOnly: true,
      writePage: false,
      database: 'postgres',
    });
  });

  it('reads the flags and the environment', () => {
    const settings = parseBenchSettings(
      ['--database', 'postgres', '--products', '1000', '--rebuilds', '3', '--no-write'],
      { BENCH_DURATION: '3', BENCH_CONNECTIONS: '20', BENCH_PORT: '', BENCH_LIGHTHOUSE: '0' },
    );
    expect(settings).toMatchObject({
      database: 'postgres',
      products: 1000,
      rebuilds: 3,
      writePage: false,
      duration: 3,
      connections: 20,
      port: 4610,
      lighthouse: false,
    });
    expect(parseBenchSettings(['--database', 'sqlite'], { BENCH_PRODUCTS: '200' })).toMatchObject({
      database: 'sqlite',
      products: 200,
    });
  });

  it('refuses a database it does not know, or none after --database', () => {
    expect(() => parseBenchSettings(['--database', 'mysql'], {})).toThrow(BenchSettingsError);
    expect(() => parseBenchSettings(['--database', 'mysql'], {})).toThrow(/sqlite or postgres \(got mysql\)/);
    expect(() => parseBenchSettings(['--database'], {})).toThrow(/got nothing/);
  });

  it('refuses a number that is not whole', () => {
    expect(() => parseBenchSettings(['--products', '1e3.5'], {})).toThrow(
      /--products must be a whole number/,
    );
    expect(() => parseBenchSettings([], { BENCH_DURATION: '-1' })).toThrow(/BENCH_DURATION/);
  });

  it('keeps or reuses a data folder on SQLite, and refuses to on PostgreSQL, whose server goes with the run', () => {
    expect(parseBenchSettings([], { BENCH_KEEP: '1', BENCH_DATA_DIR: '/tmp/shop' })).toMatchObject({
      keep: true,
      dataDir: '/tmp/shop',
    });
    for (const env of [{ BENCH_KEEP: '1' }, { BENCH_DATA_DIR: '/tmp/shop' }])
      expect(() => parseBenchSettings(['--database', 'postgres'], env)).toThrow(
        /BENCH_KEEP and BENCH_DATA_DIR work with --database sqlite only/,
      );
  });
});
