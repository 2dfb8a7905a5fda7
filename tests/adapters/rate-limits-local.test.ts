import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../../src/domain/limits/rate-limit.ts';
import { type Container, createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const RULE: RateLimitRule = { name: 'test', limit: 3, windowMs: 1000 };

let shop: TempShop;
const others: Container[] = [];

/** Another connection to the same data folder, as a second server process has. */
function secondProcess(): Container {
  const container = createContainer(parseEnv({ DATA_DIR: shop.dir }));
  others.push(container);
  return container;
}

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  for (const container of others.splice(0)) container.close();
  shop.remove();
});

describe('rate-limits-local', () => {
  it('allows the limit within the window, refuses the next, and says when the oldest hit leaves', async () => {
    const { limits } = shop.container;
    for (const at of [100, 200, 300]) expect((await limits.hit(RULE, 'k', at)).allowed).toBe(true);
    expect(await limits.hit(RULE, 'k', 400)).toEqual({ allowed: false, retryAfterMs: 700 });
    expect((await limits.hit(RULE, 'other', 400)).allowed).toBe(true);
    expect((await limits.hit({ ...RULE, name: 'another-rule' }, 'k', 400)).allowed).toBe(true);
  });

  it('slides, and does not count refused hits', async () => {
    const { limits } = shop.container;
    for (const at of [0, 10, 20]) await limits.hit(RULE, 'k', at);
    for (let at = 21; at < 1000; at += 100) expect((await limits.hit(RULE, 'k', at)).allowed).toBe(false);
    expect((await limits.hit(RULE, 'k', 1000)).allowed).toBe(true);
    expect((await limits.hit(RULE, 'k', 1001)).allowed).toBe(false);
    expect((await limits.hit(RULE, 'k', 1010)).allowed).toBe(true);
  });

  it('holds across two processes: hits from both count against one limit', async () => {
    const first = shop.container.limits;
    const second = secondProcess().limits;
    expect((await first.hit(RULE, 'shared', 0)).allowed).toBe(true);
    expect((await second.hit(RULE, 'shared', 1)).allowed).toBe(true);
    expect((await first.hit(RULE, 'shared', 2)).allowed).toBe(true);
    expect((await second.hit(RULE, 'shared', 3)).allowed).toBe(false);
    expect((await first.hit(RULE, 'shared', 4)).allowed).toBe(false);
  });

  it('never lets more than the limit through when two processes race for the same key', async () => {
    const rule = { ...RULE, limit: 25, windowMs: 60_000 };
    const first = shop.container.limits;
    const second = secondProcess().limits;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => (index % 2 ? first : second).hit(rule, 'race', 1000 + index)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(25);
    expect(countRows(shop.container, 'rate_limit_hits')).toBe(25);
  });

  it('holds across a restart', async () => {
    for (const at of [0, 1, 2]) await shop.container.limits.hit(RULE, 'k', at);
    shop.container.close();
    const restarted = createContainer(parseEnv({ DATA_DIR: shop.dir }));
    others.push(restarted);
    shop.container = restarted;
    expect((await restarted.limits.hit(RULE, 'k', 3)).allowed).toBe(false);
  });

  it('purges hits older than the longest window', async () => {
    const { limits } = shop.container;
    for (const at of [0, 500, 1500]) await limits.hit({ ...RULE, limit: 10 }, `k${at}`, at);
    expect(await limits.purge(1000, 1600)).toBe(2);
    expect(countRows(shop.container, 'rate_limit_hits')).toBe(1);
  });
});

describe('sign-in throttling across processes', () => {
  it('holds an account and address after 5 failures spread over two processes, and the hold survives a restart', async () => {
    const { upsertAdmin } = await import('../../src/adapters/auth-local/accounts.ts');
    await upsertAdmin(shop.container.engine, 'owner@example.gr', 'correct horse battery');
    const second = secondProcess();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const port = attempt % 2 ? shop.container.auth : second.auth;
      await expect(
        port.signIn({ email: 'owner@example.gr', password: 'wrong password' }, '198.51.100.1'),
      ).rejects.toMatchObject({ kind: 'unauthorized' });
    }
    second.close();
    others.splice(others.indexOf(second), 1);
    const restarted = secondProcess();
    await expect(
      restarted.auth.signIn({ email: 'owner@example.gr', password: 'correct horse battery' }, '198.51.100.1'),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    // Another address is not held: knowing the email does not lock the owner out (decision 077).
    await expect(
      restarted.auth.signIn({ email: 'owner@example.gr', password: 'correct horse battery' }, '198.51.100.2'),
    ).resolves.toHaveProperty('token');
  });
});
