import { describe, expect, it } from 'vitest';
import { addressKey, createRateLimiter, sharedRateLimiter } from '../../src/server/rate-limit.ts';

const WINDOW = 10 * 60_000;

describe('createRateLimiter', () => {
  it('allows the limit within the window and refuses the next one', () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: WINDOW });
    for (let index = 0; index < 5; index += 1)
      expect(limiter.hit('1.2.3.4', 1000 + index).allowed).toBe(true);
    const refused = limiter.hit('1.2.3.4', 2000);
    expect(refused.allowed).toBe(false);
    // The first hit (at 1000) leaves the window at 1000 + WINDOW.
    expect(refused.retryAfterMs).toBe(1000 + WINDOW - 2000);
  });

  it('keeps addresses apart', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: WINDOW });
    expect(limiter.hit('1.1.1.1', 0).allowed).toBe(true);
    expect(limiter.hit('2.2.2.2', 0).allowed).toBe(true);
    expect(limiter.hit('1.1.1.1', 1).allowed).toBe(false);
  });

  it('slides: each old hit frees a place when it leaves the window', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 100 });
    expect(limiter.hit('k', 0).allowed).toBe(true);
    expect(limiter.hit('k', 50).allowed).toBe(true);
    expect(limiter.hit('k', 99).allowed).toBe(false);
    expect(limiter.hit('k', 100).allowed).toBe(true);
    expect(limiter.hit('k', 120).allowed).toBe(false);
    expect(limiter.hit('k', 150).allowed).toBe(true);
  });

  it('does not count refused hits, so a blocked sender is let in once the window has passed', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 100 });
    limiter.hit('k', 0);
    for (let at = 1; at < 100; at += 1) expect(limiter.hit('k', at).allowed).toBe(false);
    expect(limiter.hit('k', 100).allowed).toBe(true);
  });

  it('forgets the stalest keys past maxKeys', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: WINDOW, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key, 0);
    expect(limiter.hit('a', 1).allowed).toBe(true);
    expect(limiter.hit('d', 1).allowed).toBe(false);
  });

  it('shares one limiter per name across callers', () => {
    const name = `test-${Math.random()}`;
    const first = sharedRateLimiter(name, { limit: 1, windowMs: WINDOW });
    expect(sharedRateLimiter(name, { limit: 99, windowMs: 1 })).toBe(first);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by its /64 network', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
