import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductInput } from '../../src/domain/catalog/product.ts';
import type { Container } from '../../src/server/container.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

/** Far above this machine's pid range, so no process has it. */
const DEAD_PID = 999_999;

const CARD: ProductInput = { title: 'Card', priceCents: 500, quantity: 1 };

let shop: TempShop;
let builds: Container['builds'];

beforeEach(() => {
  shop = openTempShop();
  builds = shop.container.builds;
});

afterEach(() => {
  shop.remove();
});

describe('contentVersion', () => {
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
    expect(Number.isNaN(Date.parse(record?.startedAt ?? ''))).toBe(false);
  });

  it('returns null while a live process is building', async () => {
    const first = await builds.begin(process.pid, 0);
    expect(first).not.toBeNull();
    expect(await builds.begin(process.pid, 0)).toBeNull();
    const state = await builds.state();
    expect(state.state).toBe('building');
    expect(state.running?.id).toBe(first?.id);
  });

  it('marks the build of a dead process failed and starts a new one', async () => {
    expect(() => process.kill(DEAD_PID, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    const orphan = await builds.begin(DEAD_PID, 0);
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

  it('allows a new build once the previous one finished', async () => {
    const first = await builds.begin(process.pid, 0);
    await builds.finish(first?.id ?? 0, { ok: true, outputDir: '/tmp/a' });
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

  it('is up to date after a successful build, stale after a product write', async () => {
    const record = await builds.begin(process.pid, await builds.contentVersion());
    await builds.finish(record?.id ?? 0, { ok: true, outputDir: '/data/builds/1' });

    const done = await builds.state();
    expect(done.state).toBe('up_to_date');
    expect(done.running).toBeNull();
    expect(done.lastFailure).toBeNull();
    expect(done.current).toMatchObject({ id: record?.id, status: 'succeeded', outputDir: '/data/builds/1' });
    expect(done.lastSuccessAt).toBe(done.current?.finishedAt);
    expect(done.lastSuccessAt).not.toBeNull();

    await shop.container.commerce.createProduct(CARD);
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
    await shop.container.commerce.createProduct(CARD);
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
