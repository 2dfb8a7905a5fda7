import { afterEach, describe, expect, it } from 'vitest';
import { type CounterValues, readCounters } from '../../../src/adapters/database/counters.ts';
import { cacheCounters } from '../../../src/adapters/postgres/counter-cache.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import {
  type ChangeListener,
  listenForChanges,
  type Notifications,
} from '../../../src/adapters/postgres/notifications.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';

/** Notifications told by the test: what is heard, and whether the connection listens. */
function toldChanges() {
  const listeners = new Set<ChangeListener>();
  let listening = true;
  const feed: Notifications = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => listening,
    close: async () => undefined,
  };
  return {
    feed,
    hear: (change: string) => {
      for (const listener of listeners) listener(change);
    },
    setListening: (value: boolean) => {
      listening = value;
    },
  };
}

/** Counters whose every read the test counts, answered at once or when the test says. */
function countedSource(start: CounterValues = { catalog: 1, stock: 1 }) {
  let values = { ...start };
  const held: Array<() => void> = [];
  let holding = false;
  const source = {
    reads: 0,
    set(next: CounterValues) {
      values = { ...next };
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    read(): Promise<CounterValues> {
      source.reads++;
      const answer = { ...values };
      if (!holding) return Promise.resolve(answer);
      return new Promise((resolve) => held.push(() => resolve(answer)));
    },
    fail() {
      source.read = () => {
        source.reads++;
        return Promise.reject(new Error('connection lost'));
      };
    },
  };
  return source;
}

function setUp(start?: CounterValues) {
  const source = countedSource(start);
  const changes = toldChanges();
  let clock = 0;
  const cache = cacheCounters(source, changes.feed, () => clock);
  return { source, changes, cache, tick: (ms: number) => (clock += ms) };
}

describe('the content counters kept in memory', () => {
  it('answers from memory until a change is heard, then reads once more', async () => {
    const { source, changes, cache } = setUp();
    expect(await cache.read()).toEqual({ catalog: 1, stock: 1 });
    await cache.read();
    expect(source.reads).toBe(1);

    source.set({ catalog: 2, stock: 1 });
    changes.hear('catalog');
    expect(await cache.read()).toEqual({ catalog: 2, stock: 1 });
    await cache.read();
    expect(source.reads).toBe(2);
  });

  it('reads every time while not listening, and after listening again', async () => {
    const { source, changes, cache } = setUp();
    await cache.read();
    changes.setListening(false);
    await cache.read();
    await cache.read();
    expect(source.reads).toBe(3);
    changes.setListening(true);
    changes.hear('*');
    await cache.read();
    await cache.read();
    expect(source.reads).toBe(4);
  });

  it('reads from the database during a write of this process and once after it', async () => {
    const { source, cache } = setUp();
    await cache.read();
    const done = cache.writing();
    source.set({ catalog: 5, stock: 1 });
    expect(await cache.read()).toEqual({ catalog: 5, stock: 1 });
    await cache.read();
    expect(source.reads).toBe(3);
    source.set({ catalog: 6, stock: 1 });
    done();
    done(); // Twice counts once.
    expect(await cache.read()).toEqual({ catalog: 6, stock: 1 });
    await cache.read();
    expect(source.reads).toBe(4);
  });

  it('does not keep a read that a change overtook', async () => {
    const { source, changes, cache } = setUp();
    source.hold();
    const before = cache.read();
    source.set({ catalog: 2, stock: 1 });
    changes.hear('catalog');
    source.release();
    expect(await before).toEqual({ catalog: 1, stock: 1 });
    expect(await cache.read()).toEqual({ catalog: 2, stock: 1 });
    expect(source.reads).toBe(2);
  });

  it('shares one query among reads that miss together, but not with a write', async () => {
    const { source, cache } = setUp();
    source.hold();
    const together = [cache.read(), cache.read(), cache.read()];
    source.release();
    await Promise.all(together);
    expect(source.reads).toBe(1);

    source.hold();
    const done = cache.writing();
    const during = [cache.read(), cache.read()];
    source.release();
    await Promise.all(during);
    done();
    expect(source.reads).toBe(3);
  });

  it('trusts a read for one second at most', async () => {
    const { source, cache, tick } = setUp();
    await cache.read();
    tick(999);
    await cache.read();
    expect(source.reads).toBe(1);
    tick(1);
    await cache.read();
    expect(source.reads).toBe(2);
  });

  it('keeps no failed read: the next one asks again', async () => {
    const { source, cache } = setUp();
    source.fail();
    await expect(cache.read()).rejects.toThrow('connection lost');
    await expect(cache.read()).rejects.toThrow('connection lost');
    expect(source.reads).toBe(2);
  });
});

describe('on PostgreSQL', () => {
  let database: TestDatabase<PostgresEngine> | null = null;
  let changes: Notifications | null = null;
  afterEach(async () => {
    await changes?.close();
    await database?.close();
    changes = null;
    database = null;
  });

  it('sees a counter another connection moves, without reading before every answer', async () => {
    database = await postgresTestDatabase();
    const engine = database.store;
    changes = listenForChanges((engine.pool.options as { connectionString: string }).connectionString);
    const feed = changes;
    await expect.poll(() => feed.listening()).toBe(true);
    let reads = 0;
    const source = readCounters(engine);
    const counted = {
      read: () => {
        reads++;
        return source.read();
      },
    };
    const cache = cacheCounters(counted, feed);
    const before = (await cache.read()).catalog ?? 0;
    await cache.read();
    expect(reads).toBe(1);

    // Another instance's commit: a connection of its own.
    const other = await engine.pool.connect();
    try {
      await other.query("UPDATE counters SET value = value + 1 WHERE name = 'catalog'");
    } finally {
      other.release();
    }
    await expect.poll(async () => (await cache.read()).catalog, { timeout: 5_000 }).toBe(before + 1);
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
