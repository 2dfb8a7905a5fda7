import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { hashSessionToken } from '../../src/adapters/auth-local/attempts.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-messages.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { AuthPort } from '../../src/ports/auth.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';
import { countRows, localAuth, outboxMails } from '../helpers/local-auth.ts';

const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
const IP = '203.0.113.7';

/** Settles every attempt and counts the answers by kind (`ok` for a session). */
async function tally(attempts: Array<Promise<unknown>>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const result of await Promise.allSettled(attempts)) {
    const kind = result.status === 'fulfilled' ? 'ok' : (result.reason as AppError).kind;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

// The port's behaviour is proven by tests/contract/auth-local.test.ts; these check the local
// rules, on each of the shop's databases (decision 093).
for (const [name, openDatabase] of DATABASES)
  describe(`local accounts on ${name}`, () => {
    let database: TestDatabase;
    let store: ShopDatabase;
    let auth: AuthPort;

    beforeEach(async () => {
      database = await openDatabase();
      store = database.store;
      auth = localAuth(store);
      await upsertAdmin(store, EMAIL, PASSWORD);
    });

    afterEach(async () => {
      await database.close();
    });

    async function signInError(email: string, password: string, ip = IP): Promise<AppError> {
      try {
        await auth.signIn({ email, password }, ip);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return error as AppError;
      }
      throw new Error(`sign-in of ${email} succeeded`);
    }

    /** Moves every sign-in attempt to `at`. */
    const backdateAttempts = (at: string) =>
      store.db.updateTable('login_attempts').set({ created_at: at }).execute();

    describe('signIn', () => {
      it('refuses malformed credentials as invalid', async () => {
        const error = await signInError('not-an-email', PASSWORD);
        expect(error.kind).toBe('invalid');
        expect(error.message).toBe(LOGIN_MESSAGES['invalid-credential']);
        expect((await signInError(EMAIL, '')).kind).toBe('invalid');
      });

      it('holds an account and address after 5 wrong passwords, even against the right one', async () => {
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          expect((await signInError(EMAIL, `wrong ${attempt}`)).kind).toBe('unauthorized');
        }
        const error = await signInError(EMAIL, PASSWORD);
        expect(error.kind).toBe('rate_limited');
        expect(error.message).toBe(LOGIN_MESSAGES['too-many-requests']);
        expect(Number(error.fields.retryAfterSeconds)).toBeGreaterThan(14 * 60);
        expect(await countRows(store, 'sessions')).toBe(0);
      });

      it('does not lock the owner out: the right password from another address still signs in', async () => {
        for (let attempt = 1; attempt <= 5; attempt += 1) await signInError(EMAIL, 'wrong');
        expect((await signInError('OWNER@example.gr', PASSWORD)).kind).toBe('rate_limited');
        await expect(
          auth.signIn({ email: EMAIL, password: PASSWORD }, '198.51.100.1'),
        ).resolves.toHaveProperty('token');
      });

      it('counts an IPv6 /64 as one address', async () => {
        for (let n = 1; n <= 5; n += 1) await signInError(EMAIL, 'wrong', `2001:db8:7:7::${n.toString(16)}`);
        expect((await signInError(EMAIL, PASSWORD, '2001:db8:7:7:ffff::1')).kind).toBe('rate_limited');
        await expect(
          auth.signIn({ email: EMAIL, password: PASSWORD }, '2001:db8:7:8::1'),
        ).resolves.toHaveProperty('token');
      });

      it('lets the failures leave the window: 15 minutes after them, the address may try again', async () => {
        for (let attempt = 1; attempt <= 5; attempt += 1) await signInError(EMAIL, 'wrong');
        expect((await signInError(EMAIL, PASSWORD)).kind).toBe('rate_limited');
        await backdateAttempts(new Date(Date.now() - 16 * 60_000).toISOString());
        await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
      });

      it('forgets address failures older than the 15 minute window', async () => {
        const old = new Date(Date.now() - 16 * 60_000).toISOString();
        await store.db
          .insertInto('login_attempts')
          .values(
            Array.from({ length: 40 }, (_, n) => ({
              email: `guess${n}@example.gr`,
              ip: IP,
              address: IP,
              succeeded: 0,
              created_at: old,
            })),
          )
          .execute();
        await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
      });
    });

    // The per-address rule under 150 parallel attempts is proven through the real server
    // (tests/server/serving/sign-in-throttle.test.ts).
    describe('parallel attempts (decision 077)', () => {
      it('check at most 5 wrong passwords of one account from one address, however many arrive at once', async () => {
        const answers = await tally(
          Array.from({ length: 40 }, (_, n) => auth.signIn({ email: EMAIL, password: `wrong ${n}` }, IP)),
        );
        expect(answers).toEqual({ unauthorized: 5, rate_limited: 35 });
      });

      it('count 40 addresses of one IPv6 /64 as one', async () => {
        const answers = await tally(
          Array.from({ length: 40 }, (_, n) =>
            auth.signIn({ email: EMAIL, password: 'wrong' }, `2001:db8:1:2:${(n + 1).toString(16)}::1`),
          ),
        );
        expect(answers).toEqual({ unauthorized: 5, rate_limited: 35 });
      });
    });

    describe('a browser that signed in before (decision 077)', () => {
      it('keeps its own allowance while an attack from many addresses holds every unknown browser', async () => {
        const owner = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        const attack = await tally(
          Array.from({ length: 40 }, (_, n) =>
            auth.signIn({ email: EMAIL, password: 'wrong' }, `198.51.100.${n + 1}`),
          ),
        );
        expect(attack).toEqual({ unauthorized: 10, rate_limited: 30 });
        // A new browser is slowed down, even with the right password…
        expect((await signInError(EMAIL, PASSWORD, '192.0.2.50')).kind).toBe('rate_limited');
        // …the owner's own browser is not, from any address, and keeps its device id.
        const again = await auth.signIn({ email: EMAIL, password: PASSWORD }, '192.0.2.50', '', owner.device);
        expect(again.device).toBe(owner.device);
        expect(await auth.verifySession(again.token)).toEqual(again.user);
      });

      it('is held by its own allowance of 10 wrong passwords', async () => {
        const { device } = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        const answers = await tally(
          Array.from({ length: 12 }, () => auth.signIn({ email: EMAIL, password: 'wrong' }, IP, '', device)),
        );
        expect(answers).toEqual({ unauthorized: 10, rate_limited: 2 });
        await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP, '', device)).rejects.toMatchObject(
          {
            kind: 'rate_limited',
          },
        );
      });

      it('is known only to the accounts it signed in to, and an unknown or malformed id is replaced', async () => {
        const { device } = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const other = 'other@example.gr';
        await upsertAdmin(store, other, PASSWORD);
        for (let n = 0; n < 5; n += 1) await signInError(other, 'wrong');
        await expect(auth.signIn({ email: other, password: PASSWORD }, IP, '', device)).rejects.toMatchObject(
          {
            kind: 'rate_limited',
          },
        );
        const fresh = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP, '', 'not a device id');
        expect(fresh.device).not.toBe('not a device id');
      });
    });

    describe('the owner is told, and the command line lifts the hold', () => {
      const alerts = () => outboxMails(store, 'security-alert');

      it('mails the account once an hour while its sign-ins are held back', async () => {
        await tally(Array.from({ length: 20 }, () => auth.signIn({ email: EMAIL, password: 'wrong' }, IP)));
        await tally(
          Array.from({ length: 20 }, () => auth.signIn({ email: EMAIL, password: 'wrong' }, '198.51.100.1')),
        );
        const mails = await alerts();
        expect(mails).toHaveLength(1);
        expect(mails[0]?.to_address).toBe(EMAIL);
        expect(mails[0]?.text_body).toContain(EMAIL);
        expect(mails[0]?.text_body).toContain(`npm run admin -- reset-password ${EMAIL}`);
      });

      it('mails nobody for an address that is not an admin', async () => {
        await tally(
          Array.from({ length: 8 }, () => auth.signIn({ email: 'nobody@example.gr', password: 'x' }, IP)),
        );
        expect(await alerts()).toEqual([]);
      });

      it("a password reset from the command line clears the account's throttle", async () => {
        for (let attempt = 1; attempt <= 5; attempt += 1) await signInError(EMAIL, 'wrong');
        expect((await signInError(EMAIL, PASSWORD)).kind).toBe('rate_limited');
        await upsertAdmin(store, EMAIL, 'a brand new password');
        await expect(
          auth.signIn({ email: EMAIL, password: 'a brand new password' }, IP),
        ).resolves.toHaveProperty('token');
        // The history stays for the dashboard's list of sign-ins.
        expect(await countRows(store, 'login_attempts')).toBe(6);
      });
    });

    describe('purgeExpired', () => {
      it('forgets expired sessions and sign-in records older than 90 days', async () => {
        const session = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        await store.db
          .updateTable('sessions')
          .set({ expires_at: new Date(0).toISOString() })
          .where('token_hash', '=', hashSessionToken(session.token))
          .execute();
        const first = await store.db
          .selectFrom('login_attempts')
          .select('id')
          .orderBy('id')
          .limit(1)
          .executeTakeFirstOrThrow();
        await store.db
          .updateTable('login_attempts')
          .set({ created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() })
          .where('id', '=', first.id)
          .execute();
        expect(await auth.purgeExpired()).toBe(2);
        expect(await countRows(store, 'sessions')).toBe(1);
        expect(await countRows(store, 'login_attempts')).toBe(1);
        expect(await auth.verifySession(session.token)).toBeNull();
      });
    });

    describe('sessions', () => {
      it('ends every session of an account when its password changes', async () => {
        const session = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
        await upsertAdmin(store, EMAIL, 'a brand new password');
        expect(await auth.verifySession(session.token)).toBeNull();
        expect((await signInError(EMAIL, PASSWORD)).kind).toBe('unauthorized');
        await expect(
          auth.signIn({ email: EMAIL, password: 'a brand new password' }, IP),
        ).resolves.toHaveProperty('token');
        expect(await countRows(store, 'admin_users')).toBe(1);
      });
    });
  });
