/**
 * The sign-in throttle's rules (decision 077), after OWASP's advice against account lock-out:
 * knowing the owner's email lets an attacker slow sign-in down, never shut the owner out.
 *
 * Every rule counts wrong passwords (and attempts still being checked) in a sliding window:
 * - a browser that signed in to the account before (its device cookie) has its own allowance and
 *   is held by no other rule, so an attack on the account or from the owner's network does not
 *   stop the owner's own browser;
 * - any other browser is held per account and address (IPv6: its /64), per account over every
 *   address, and per address over every account.
 */
export const WINDOW_MS = 15 * 60_000;

export const LIMITS = {
  /** Wrong passwords from one known browser of the account. */
  device: 10,
  /** Wrong passwords for one account from one address. */
  pair: 5,
  /** Wrong passwords for one account from all unknown browsers together. */
  account: 10,
  /** Wrong passwords from one address, whatever the account. */
  address: 30,
} as const;

export type ThrottleRule = keyof typeof LIMITS;

/**
 * "Forgotten password" requests (decision 083), in the same window and by the same rules as a
 * browser signing in for the first time. Every request counts, as each may send a mail: the
 * account's limit caps the mails an attacker can send the owner.
 */
export const RESET_LIMITS = { pair: 3, account: 5, address: 10 } as const;

/** How long a browser that signed in stays known to the account, from its last sign-in. */
export const DEVICE_TRUST_MS = 90 * 24 * 3_600_000;

/** The rules that hold an attempt: a known browser's own, or the three for any other. */
export function rulesFor(email: string, knownDevice: boolean): ThrottleRule[] {
  if (knownDevice) return ['device'];
  // Without an email (a Firebase ID token not yet verified) only the address can be counted.
  return email === '' ? ['address'] : ['pair', 'account', 'address'];
}

/** Failures in the window and the oldest of them, for one rule. */
export type RuleCount = { failures: number; oldestAt: number | null };

/** The first rule over its limit and when its oldest failure leaves the window, or null. */
export function refusal(
  counts: ReadonlyArray<readonly [ThrottleRule, RuleCount]>,
  now: number,
  limits: Readonly<Partial<Record<ThrottleRule, number>>> = LIMITS,
): { rule: ThrottleRule; retryAfterMs: number } | null {
  for (const [rule, { failures, oldestAt }] of counts) {
    if (failures < (limits[rule] ?? Number.POSITIVE_INFINITY)) continue;
    return { rule, retryAfterMs: Math.max(1_000, (oldestAt ?? now) + WINDOW_MS - now) };
  }
  return null;
}

/** An attempt as the throttle counts it and records it: its keys normalised, its device hashed. */
export type CountedAttempt = {
  /** Lower-cased; empty while the proof names no account. */
  email: string;
  ip: string;
  /** What the address rules count: the address (IPv6: its /64), or `account:<id>`. */
  address: string;
  /** The browser's device id, hashed. */
  device: string;
  /** Whether the browser brought a device id: only then can it be known to the account. */
  brought: boolean;
  userAgent: string;
  now: Date;
};

/** The throttle's answer to one attempt: the rule holding it back, or the recorded attempt's id. */
export type Decision = { rule: ThrottleRule; retryAfterMs: number } | { id: number };
