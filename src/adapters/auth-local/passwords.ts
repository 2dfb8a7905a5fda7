import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost for the shop's passwords: 2^15 with r=8, 32 MB and tens of milliseconds a hash. */
export const PASSWORD_COST = 2 ** 15;
/**
 * Under the test runner (vitest sets VITEST in its processes and their children, never in
 * production) the cost is 2^10: the tests hash and check hundreds of passwords, and at the full
 * cost they spent minutes of the run on it. Each hash carries its parameters, so checking one is
 * the same code at any cost; passwords.test.ts checks the full cost's format.
 */
const COST = process.env.VITEST ? 2 ** 10 : PASSWORD_COST;
const BLOCK = 8;
const PARALLEL = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * PASSWORD_COST * BLOCK * 2;

function derive(
  password: string,
  salt: Buffer,
  cost: number,
  block: number,
  parallel: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: cost, r: block, p: parallel, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** 'scrypt$N$r$p$salt$key' with a fresh 16-byte salt per password. */
export async function hashPassword(password: string, cost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, BLOCK, PARALLEL);
  return ['scrypt', cost, BLOCK, PARALLEL, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, block, parallel, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  try {
    const actual = await derive(
      password,
      Buffer.from(salt, 'base64url'),
      Number(cost),
      Number(block),
      Number(parallel),
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    // A stored hash with unusable parameters matches no password.
    return false;
  }
}

/** A password a person can type: 4 groups of 5 unambiguous characters (about 100 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-');
}
