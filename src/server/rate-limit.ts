/**
 * An in-memory sliding-window limiter: at most `limit` hits per key within any `windowMs`.
 * Kept in memory on purpose (a restart forgives everyone, which is fine for a contact form);
 * several app instances would need a shared store instead.
 */
export type RateLimiter = {
  /** Counts one hit for `key` unless it is over the limit; says whether the hit may proceed. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterMs: number };
};

export type RateLimitOptions = {
  limit: number;
  windowMs: number;
  /** Keys kept at most; past it the stalest keys are forgotten, so a flood of addresses cannot fill memory. */
  maxKeys?: number;
};

export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: RateLimitOptions): RateLimiter {
  // Map keeps insertion order; a key is re-inserted on every hit, so the first keys are the stalest.
  const hits = new Map<string, number[]>();

  return {
    hit(key, now = Date.now()) {
      const recent = (hits.get(key) ?? []).filter((at) => at > now - windowMs);
      hits.delete(key);
      if (recent.length >= limit) {
        hits.set(key, recent);
        // The oldest hit in the window leaves it first.
        return { allowed: false, retryAfterMs: (recent[0] ?? now) + windowMs - now };
      }
      recent.push(now);
      hits.set(key, recent);
      for (const stale of hits.keys()) {
        if (hits.size <= maxKeys) break;
        hits.delete(stale);
      }
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}

// Kept on globalThis: the server loads each new storefront build's bundle into the same process,
// and a rebuild must not hand every address a fresh allowance.
const holder = globalThis as typeof globalThis & { __cardshopRateLimiters?: Map<string, RateLimiter> };

/** The process-wide limiter with this name, created with `options` on first use. */
export function sharedRateLimiter(name: string, options: RateLimitOptions): RateLimiter {
  holder.__cardshopRateLimiters ??= new Map();
  let limiter = holder.__cardshopRateLimiters.get(name);
  if (!limiter) {
    limiter = createRateLimiter(options);
    holder.__cardshopRateLimiters.set(name, limiter);
  }
  return limiter;
}

/**
 * The key an address is limited by: an IPv4 address as is (also when IPv6-mapped), an IPv6 address
 * by its /64 network, since one home or server usually holds a whole /64 and could rotate through it.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%', 1)[0]?.split('::', 2) ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}
