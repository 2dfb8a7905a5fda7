import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBuilds } from '../../src/adapters/builds-local/index.ts';
import { catalogCounter } from '../../src/adapters/database/catalog-counter.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import type { PostgresEngine } from '../../src/adapters/postgres/database.ts';
import type { Engine } from '../../src/adapters/sqlite/database.ts';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import type { BuildsPort } from '../../src/ports/builds.ts';
import type { Container } from '../../src/server/container.ts';
import { DATABASES, postgresTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

/** Far above this machine's pid range, so no process has it. */
const DEAD_PID = 999_999;

const CARD: ProductInput = { title: 'Card', priceCents: 500, quantity: 1 };

/** A change to one counter, as the triggers (SQLite) or the adapters that write make it. */
const bump = (store: ShopDatabase, counter: string) =>
  sql`UPDATE counters SET value = value + 1 WHERE name = ${counter}`.execute(store.db);

// The builds on both of the shop's databases (decision 093): one build at a time across every
// process and instance, and a build that a stopped process left marked failed.
for (const [name, openDatabase] of DATABASES)
  describe(`builds: ${name}`, () => {
    let database: TestDatabase<Engine | PostgresEngine>;
    let builds: BuildsPort;
    /** Every builds adapter of the test, to end their builds before the database closes. */
    let opened: BuildsPort[];
    const open = (store: Engine | PostgresEngine) => {
      const adapter = createLocalBuilds(store);
      opened.push(adapter);
      return adapter;
    };
    const another = async () => open(await database.another());

    beforeEach(async () => {
      database = await openDatabase();
      opened = [];
      builds = open(database.store);
    });
    afterEach(async () => {
      const { running } = await builds.state();
      if (running)
        for (const adapter of opened) await adapter.finish(running.id, { ok: false, error: 'test over' });
      await database.close();
    });

    /**
     * A build whose process stopped part way. SQLite knows a live build by its process, so the
     * record carries a pid no process has; PostgreSQL by the building instance's connection, so
     * another instance begins one and its connection then drops, as when its process stops.
     */
    async function stoppedBuild() {
      if (database.store.dialect === 'sqlite') return builds.begin(DEAD_PID, 0);
      const record = await (await another()).begin(process.pid, 0);
      await sql`
        SELECT pg_terminate_backend(pid, 10000) FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
        database.store.db,
      );
      return record;
    }

    describe('contentVersion', () => {
      it('grows with a catalogue, a category and a settings change, and a rebuild request', async () => {
        const v0 = await builds.contentVersion();
        await catalogCounter(database.store).bump();
        const v1 = await builds.contentVersion();
        expect(v1).toBe(v0 + 1);
        await bump(database.store, 'documents');
        await bump(await database.another(), 'settings');
        const v2 = await builds.contentVersion();
        expect(v2).toBe(v1 + 2);
        await builds.requestRebuild();
        expect(await builds.contentVersion()).toBe(v2 + 1);
      });

      it('counts the rebuilds asked for, and nothing else', async () => {
        const r0 = await builds.rebuildRequests();
        await catalogCounter(database.store).bump();
        await bump(database.store, 'settings');
        expect(await builds.rebuildRequests()).toBe(r0);
        await builds.requestRebuild();
        // Asked for through another process, or instance.
        await (await another()).requestRebuild();
        expect(await builds.rebuildRequests()).toBe(r0 + 2);
      });

      it('does not grow with stock, or build bookkeeping', async () => {
        const v0 = await builds.contentVersion();
        await bump(database.store, 'stock');
        const record = await builds.begin(process.pid, v0);
        await builds.progress(record?.id ?? 0, 'half way');
        await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/tmp/out' });
        await builds.state();
        expect(await builds.contentVersion()).toBe(v0);
      });

      it('adds the versions of hosted data', async () => {
        let hosted = 40;
        const withHosted = createLocalBuilds(database.store, {
          hostedVersions: [async () => hosted, async () => 2],
        });
        const v0 = await builds.contentVersion();
        expect(await withHosted.contentVersion()).toBe(v0 + 42);
        hosted = 41;
        expect(await withHosted.contentVersion()).toBe(v0 + 43);
      });
    });

    describe('begin', () => {
      it('returns a building record', async () => {
        const version = await builds.contentVersion();
        const record = await builds.begin(process.pid, version);
        expect(record).toEqual({
          id: expect.any(Number),
          status: 'building',
          contentVersion: version,
          outputDir: null,
          progress: '',
          error: null,
          startedAt: expect.any(String),
          finishedAt: null,
        });
        expect(new Date(record?.startedAt ?? '').toISOString()).toBe(record?.startedAt);
      });

      it('returns null while a live process is building', async () => {
        const first = await builds.begin(process.pid, 0);
        expect(first).not.toBeNull();
        expect(await builds.begin(process.pid, 0)).toBeNull();
        const state = await builds.state();
        expect(state.state).toBe('building');
        expect(state.running?.id).toBe(first?.id);
      });

      it('returns null in another instance while one is building', async () => {
        const first = await builds.begin(process.pid, 0);
        expect(first).not.toBeNull();
        expect(await (await another()).begin(process.pid, 0)).toBeNull();
        expect((await builds.state()).running?.id).toBe(first?.id);
      });

      it('starts exactly one of many builds asked for at once by several instances', async () => {
        const instances = [builds, await another(), await another()];
        const records = await Promise.all(
          Array.from({ length: 12 }, (_, index) => instances[index % 3]?.begin(process.pid, 0)),
        );
        const started = records.filter(Boolean);
        expect(started).toHaveLength(1);
        expect((await builds.state()).running?.id).toBe(started[0]?.id);
      });

      it('marks the build of a stopped process failed and starts a new one', async () => {
        const orphan = await stoppedBuild();
        expect(orphan).not.toBeNull();

        const fresh = await builds.begin(process.pid, 0);
        expect(fresh).not.toBeNull();
        expect(fresh?.id).not.toBe(orphan?.id);

        const state = await builds.state();
        expect(state.state).toBe('building');
        expect(state.running?.id).toBe(fresh?.id);
        expect(state.lastFailure?.id).toBe(orphan?.id);
        expect(state.lastFailure?.status).toBe('failed');
        expect(state.lastFailure?.error).toBeTruthy();
        expect(state.lastFailure?.finishedAt).not.toBeNull();
      });

      it('allows a new build once the previous one finished, in this instance or another', async () => {
        const first = await builds.begin(process.pid, 0);
        await builds.finish(first?.id ?? 0, { ok: true, outputDir: '/tmp/a' });
        const second = await (await another()).begin(process.pid, 0);
        expect(second).not.toBeNull();
        await opened[1]?.finish(second?.id ?? 0, { ok: false, error: 'boom' });
        expect(await builds.begin(process.pid, 0)).not.toBeNull();
      });
    });

    describe('state', () => {
      it('is stale before any build', async () => {
        const state = await builds.state();
        expect(state).toEqual({
          state: 'stale',
          contentVersion: await builds.contentVersion(),
          current: null,
          running: null,
          lastFailure: null,
          lastSuccessAt: null,
        });
      });

      it('is up to date after a successful build, stale after a catalogue change', async () => {
        const record = await builds.begin(process.pid, await builds.contentVersion());
        await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });

        const done = await builds.state();
        expect(done.state).toBe('up_to_date');
        expect(done.running).toBeNull();
        expect(done.lastFailure).toBeNull();
        expect(done.current).toMatchObject({
          id: record?.id,
          status: 'succeeded',
          outputDir: '/data/builds/1',
        });
        expect(done.lastSuccessAt).toBe(done.current?.finishedAt);
        expect(done.lastSuccessAt).not.toBeNull();

        await catalogCounter(database.store).bump();
        const after = await builds.state();
        expect(after.state).toBe('stale');
        expect(after.current?.id).toBe(record?.id);
      });

      it('is stale after a rebuild request', async () => {
        const record = await builds.begin(process.pid, await builds.contentVersion());
        await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });
        await builds.requestRebuild();
        expect((await builds.state()).state).toBe('stale');
      });

      it('is stale when content changed while the build ran', async () => {
        const record = await builds.begin(process.pid, await builds.contentVersion());
        await bump(await database.another(), 'documents');
        await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });
        expect((await builds.state()).state).toBe('stale');
      });

      it('is failed with the error text after a failed build', async () => {
        const good = await builds.begin(process.pid, await builds.contentVersion());
        await builds.finish(good?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });
        const bad = await builds.begin(process.pid, await builds.contentVersion());
        await builds.finish(bad?.id ?? 0, { ok: false, error: 'astro build exited with code 1' });

        const state = await builds.state();
        expect(state.state).toBe('failed');
        expect(state.lastFailure).toMatchObject({
          id: bad?.id,
          status: 'failed',
          error: 'astro build exited with code 1',
        });
        expect(state.current?.id).toBe(good?.id);
      });

      it('clears the failure after a later successful build', async () => {
        const bad = await builds.begin(process.pid, 0);
        await builds.finish(bad?.id ?? 0, { ok: false, error: 'boom' });
        const good = await builds.begin(process.pid, await builds.contentVersion());
        await builds.finish(good?.id ?? 0, { ok: true, outputDir: '/data/builds/2' });
        const state = await builds.state();
        expect(state.state).toBe('up_to_date');
        expect(state.lastFailure).toBeNull();
      });

      it('keeps progress and error texts short', async () => {
        const record = await builds.begin(process.pid, 0);
        await builds.progress(record?.id ?? 0, 'p'.repeat(500));
        expect((await builds.state()).running?.progress).toBe('p'.repeat(200));
        await builds.finish(record?.id ?? 0, { ok: false, error: 'e'.repeat(10_000) });
        expect((await builds.state()).lastFailure?.error).toBe('e'.repeat(4000));
      });
    });
  });

describe('builds: PostgreSQL, instances on several machines', () => {
  let database: TestDatabase<PostgresEngine>;
  beforeEach(async () => {
    database = await postgresTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it("holds a build of the instance's other process whatever its pid is on this machine", async () => {
    // Two processes of one instance (`npm start` and `npm run rebuild`), one on its own connection.
    const here = createLocalBuilds(database.store, { instance: 'shop-1' });
    const there = createLocalBuilds(await database.another(), { instance: 'shop-1' });
    // The pid of a process elsewhere: none has it here.
    const record = await there.begin(DEAD_PID, 0);
    expect(record).not.toBeNull();
    expect(await here.begin(process.pid, 0)).toBeNull();
    expect((await here.state()).running?.id).toBe(record?.id);
    await there.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });
    const next = await here.begin(process.pid, 0);
    expect(next).not.toBeNull();
    await here.finish(next?.id ?? 0, { ok: true, outputDir: '/data/builds/2' });
  });

  it('lets every instance build its own storefront at once, and tells each of its own builds', async () => {
    const instances = await Promise.all(
      ['shop-1', 'shop-2', 'shop-3'].map(async (instance) =>
        createLocalBuilds(await database.another(), { instance }),
      ),
    );
    const [one, two, three] = instances as [BuildsPort, BuildsPort, BuildsPort];
    const records = await Promise.all(instances.map((builds) => builds.begin(process.pid, 0)));
    expect(records.every((record) => record !== null)).toBe(true);
    // Each instance's second build waits for its first; the others' builds do not count.
    expect(await one.begin(process.pid, 0)).toBeNull();
    await one.finish(records[0]?.id ?? 0, { ok: true, outputDir: '/data-1/builds/1' });
    await two.finish(records[1]?.id ?? 0, { ok: false, error: 'Σφάλμα' });
    expect(await one.state()).toMatchObject({ state: 'up_to_date', running: null });
    expect(await two.state()).toMatchObject({ state: 'failed', running: null });
    expect(await three.state()).toMatchObject({ state: 'building', current: null });
    await three.finish(records[2]?.id ?? 0, { ok: true, outputDir: '/data-3/builds/1' });
  });

  it('keeps a second building row of an instance out of the table itself', async () => {
    const row = {
      status: 'building',
      content_version: 0,
      pid: process.pid,
      started_at: new Date().toISOString(),
    } as const;
    await database.store.db.insertInto('storefront_builds').values(row).execute();
    await expect(database.store.db.insertInto('storefront_builds').values(row).execute()).rejects.toThrow(
      /storefront_builds_one_building/,
    );
    await database.store.db
      .insertInto('storefront_builds')
      .values({ ...row, instance: 'another' })
      .execute();
    await database.store.db
      .insertInto('storefront_builds')
      .values({ ...row, status: 'failed' })
      .execute();
  });
});

// The SQLite shop's own writes move the content version through its triggers (migrations 001, 013).
describe('builds: the SQLite shop', () => {
  let shop: TempShop;
  let builds: Container['builds'];
  beforeEach(() => {
    shop = openTempShop();
    builds = shop.container.builds;
  });
  afterEach(() => {
    shop.remove();
  });

  it('grows after a product write, a category write and a rebuild request', async () => {
    const v0 = await builds.contentVersion();
    const { product } = await shop.container.commerce.createProduct(CARD);
    const v1 = await builds.contentVersion();
    expect(v1).toBeGreaterThan(v0);

    await shop.container.commerce.updateProduct(product.id, { ...CARD, priceCents: 600 });
    const v2 = await builds.contentVersion();
    expect(v2).toBeGreaterThan(v1);

    await builds.requestRebuild();
    const v3 = await builds.contentVersion();
    expect(v3).toBe(v2 + 1);

    await shop.container.documents.putCategory({ id: 'euroleague', name: 'Euroleague', teams: [] });
    expect(await builds.contentVersion()).toBeGreaterThan(v3);
  });

  it('does not grow on reads or build bookkeeping', async () => {
    const v0 = await builds.contentVersion();
    await shop.container.commerce.listProducts();
    const record = await builds.begin(process.pid, v0);
    await builds.progress(record?.id ?? 0, 'half way');
    await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/tmp/out' });
    await builds.state();
    expect(await builds.contentVersion()).toBe(v0);
  });

  it('is stale after a product write', async () => {
    const record = await builds.begin(process.pid, await builds.contentVersion());
    await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });
    expect((await builds.state()).state).toBe('up_to_date');
    await shop.container.commerce.createProduct(CARD);
    expect((await builds.state()).state).toBe('stale');
  });
});
