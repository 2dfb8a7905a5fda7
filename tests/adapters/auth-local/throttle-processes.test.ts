import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../../src/adapters/auth-local/accounts.ts';
import { createLoginAttempts } from '../../../src/adapters/auth-local/attempts.ts';
import { LIMITS, RESET_LIMITS } from '../../../src/adapters/auth-local/throttle.ts';
import { RESET_PAGE } from '../../../src/domain/auth/password-reset.ts';
import type { AppError } from '../../../src/domain/errors.ts';
import type { AuthPort } from '../../../src/ports/auth.ts';
import { DATABASES, type TestDatabase } from '../../helpers/databases.ts';
import { countRows, localAuth, outboxMails } from '../../helpers/local-auth.ts';

const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery';
const IP = '198.51.100.1';

/** Settles every attempt and counts the answers by kind (`ok` when it went through). */
async function tally(attempts: Array<Promise<unknown>>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const result of await Promise.allSettled(attempts)) {
    const kind = result.status === 'fulfilled' ? 'ok' : (result.reason as AppError).kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

// Several processes (SQLite) or instances (PostgreSQL) count against one throttle: each pair of
// ports here has a connection of its own to one database (decision 093).
for (const [name, openDatabase] of DATABASES)
  describe(`sign-in throttling across processes on ${name}`, () => {
    let database: TestDatabase;
    let first: AuthPort;
    let second: AuthPort;

    beforeEach(async () => {
      database = await openDatabase();
      first = localAuth(database.store);
      second = localAuth(await database.another());
      await upsertAdmin(database.store, EMAIL, PASSWORD);
    });

    afterEach(async () => {
      await database.close();
    });

    /** `count` attempts at once, alternating between the two ports. */
    const race = (count: number, attempt: (port: AuthPort, n: number) => Promise<unknown>) =>
      tally(Array.from({ length: count }, (_, n) => attempt(n % 2 ? first : second, n)));

    it('holds an account and address after 5 failures spread over two processes, and the hold survives a restart', async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const port = attempt % 2 ? first : second;
        await expect(port.signIn({ email: EMAIL, password: 'wrong password' }, IP)).rejects.toMatchObject({
          kind: 'unauthorized',
        });
      }
      const restarted = localAuth(await database.another());
      await expect(restarted.signIn({ email: EMAIL, password: PASSWORD }, IP)).rejects.toMatchObject({
        kind: 'rate_limited',
      });
      // Another address is not held: knowing the email does not lock the owner out (decision 077).
      await expect(
        restarted.signIn({ email: EMAIL, password: PASSWORD }, '198.51.100.2'),
      ).resolves.toHaveProperty('token');
    });

    it('checks no more than 5 of 20 wrong passwords racing from one address over two processes', async () => {
      const answers = await race(20, (port, n) => port.signIn({ email: EMAIL, password: `wrong ${n}` }, IP));
      expect(answers).toEqual({ unauthorized: LIMITS.pair, rate_limited: 20 - LIMITS.pair });
      expect(await countRows(database.store, 'login_attempts')).toBe(LIMITS.pair);
    });

    it('checks no more than 10 of 40 wrong passwords for one account racing from 40 addresses', async () => {
      const answers = await race(40, (port, n) =>
        port.signIn({ email: EMAIL, password: 'wrong' }, `203.0.113.${n + 1}`),
      );
      expect(answers).toEqual({ unauthorized: LIMITS.account, rate_limited: 40 - LIMITS.account });
      // Held back by the account's rule: the owner is told once, however many processes refused.
      expect(await outboxMails(database.store, 'security-alert')).toHaveLength(1);
    });

    it('counts no more than 30 attempts racing from one address, whatever their accounts', async () => {
      // The proofs that name no account yet (a Firebase ID token) are counted by address alone.
      const one = createLoginAttempts(database.store);
      const other = createLoginAttempts(await database.another());
      const answers = await tally(
        Array.from({ length: 50 }, (_, n) => (n % 2 ? one : other).begin({ email: '', ip: IP })),
      );
      expect(answers).toEqual({ ok: LIMITS.address, rate_limited: 50 - LIMITS.address });
    });

    it('holds 40 forgotten-password requests racing over two processes to the limit', async () => {
      const resetPage = `https://shop.example.gr${RESET_PAGE}`;
      const answers = await race(40, (port) =>
        port.requestPasswordReset({ email: EMAIL, clientIp: IP, resetPage }),
      );
      expect(answers).toEqual({ ok: RESET_LIMITS.pair, rate_limited: 40 - RESET_LIMITS.pair });
      expect(await outboxMails(database.store, 'password-reset')).toHaveLength(RESET_LIMITS.pair);
      expect(await countRows(database.store, 'password_resets')).toBe(RESET_LIMITS.pair);
    });
  });
