import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../../src/adapters/auth-local/accounts.ts';
import { RESET_LIMITS } from '../../../src/adapters/auth-local/throttle.ts';
import { RESET_MESSAGES, RESET_PAGE } from '../../../src/domain/auth/password-reset.ts';
import type { AppError } from '../../../src/domain/errors.ts';
import type { AuthPort } from '../../../src/ports/auth.ts';
import { DATABASES, type TestDatabase } from '../../helpers/databases.ts';
import { countRows, localAuth, outboxMails } from '../../helpers/local-auth.ts';

// The forgotten-password use cases of local accounts (decision 083) on each of the shop's
// databases (decision 093); what every adapter does is in tests/contract/password-reset.contract.ts.
const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new password 2026';
const IP = '203.0.113.7';
const SITE = 'https://shop.example.gr';

let database: TestDatabase;
let auth: AuthPort;

const ask = (email = EMAIL, clientIp = IP) =>
  auth.requestPasswordReset({ email, clientIp, resetPage: `${SITE}${RESET_PAGE}` });

/** The reset mails in the outbox, oldest first. */
const resetMails = () => outboxMails(database.store, 'password-reset');

/** The link of the n-th reset mail, and its token. */
async function mailedLink(n = 0): Promise<{ url: URL; token: string }> {
  const text = (await resetMails())[n]?.text_body ?? '';
  const url = new URL(/https:\/\/\S+/.exec(text)?.[0] ?? 'https://missing.invalid');
  return { url, token: url.searchParams.get('token') ?? '' };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

for (const [name, openDatabase] of DATABASES)
  describe(`forgotten password on ${name}`, () => {
    beforeEach(async () => {
      database = await openDatabase();
      auth = localAuth(database.store);
      await upsertAdmin(database.store, EMAIL, PASSWORD);
    });

    afterEach(async () => {
      await database.close();
    });

    describe('requestPasswordReset', () => {
      it('answers the same for the admin and an unknown email, and mails only the admin a link to the page', async () => {
        await expect(ask('Owner@Example.GR')).resolves.toBeUndefined();
        await expect(ask('nobody@example.gr')).resolves.toBeUndefined();
        const mails = await resetMails();
        expect(mails.map((mail) => mail.to_address)).toEqual([EMAIL]);
        expect(mails[0]?.subject).toBe('Νέος κωδικός για τον λογαριασμό διαχειριστή');
        expect(mails[0]?.text_body).toContain('30 λεπτά');
        const { url, token } = await mailedLink();
        expect(`${url.origin}${url.pathname}`).toBe(`${SITE}${RESET_PAGE}`);
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });

      it('stores the token only as its hash, expiring 30 minutes after the request', async () => {
        const before = Date.now();
        await ask();
        const { token } = await mailedLink();
        const rows = await database.store.db.selectFrom('password_resets').selectAll().execute();
        expect(rows).toHaveLength(1);
        for (const value of Object.values(rows[0] ?? {})) expect(String(value)).not.toContain(token);
        const ttl = Date.parse(String(rows[0]?.expires_at)) - before;
        expect(ttl).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
        expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 1_000);
      });

      it('holds 40 parallel requests for one account from one address to the limit, the admin as an unknown email', async () => {
        for (const email of [EMAIL, 'nobody@example.gr']) {
          const results = await Promise.allSettled(Array.from({ length: 40 }, () => ask(email)));
          const refused = results.filter((result) => result.status === 'rejected');
          expect(results.length - refused.length).toBe(RESET_LIMITS.pair);
          for (const result of refused) {
            expect(result.reason).toMatchObject({ kind: 'rate_limited', message: RESET_MESSAGES.tooMany });
            expect(Number(result.reason.fields.retryAfterSeconds)).toBeGreaterThan(14 * 60);
          }
        }
        expect(await resetMails()).toHaveLength(RESET_LIMITS.pair);
      });

      it('holds one address over many accounts, and an IPv6 /64 as one address', async () => {
        const many = await Promise.allSettled(
          Array.from({ length: 40 }, (_, n) => ask(`guess${n}@example.gr`)),
        );
        expect(many.filter((result) => result.status === 'fulfilled')).toHaveLength(RESET_LIMITS.address);
        const v6 = await Promise.allSettled(
          Array.from({ length: 40 }, (_, n) => ask(EMAIL, `2001:db8:7:7::${(n + 1).toString(16)}`)),
        );
        expect(v6.filter((result) => result.status === 'fulfilled')).toHaveLength(RESET_LIMITS.pair);
      });

      it('holds one account over many addresses', async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 40 }, (_, n) => ask(EMAIL, `198.51.100.${n + 1}`)),
        );
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(RESET_LIMITS.account);
        expect(await resetMails()).toHaveLength(RESET_LIMITS.account);
      });
    });

    describe('resetPassword', () => {
      it('sets the new password, ends every session of the account and lifts its sign-in throttle', async () => {
        const sessions = [
          await auth.signIn({ email: EMAIL, password: PASSWORD }, '198.51.100.1'),
          await auth.signIn({ email: EMAIL, password: PASSWORD }, '198.51.100.2'),
        ];
        for (let n = 0; n < 5; n += 1)
          await refusal(auth.signIn({ email: EMAIL, password: `wrong ${n}` }, IP));
        expect((await refusal(auth.signIn({ email: EMAIL, password: PASSWORD }, IP))).kind).toBe(
          'rate_limited',
        );

        await ask();
        await auth.resetPassword((await mailedLink()).token, NEW_PASSWORD);
        for (const session of sessions) expect(await auth.verifySession(session.token)).toBeNull();
        expect(await countRows(database.store, 'sessions')).toBe(0);
        expect((await refusal(auth.signIn({ email: EMAIL, password: PASSWORD }, '198.51.100.3'))).kind).toBe(
          'unauthorized',
        );
        await expect(auth.signIn({ email: EMAIL, password: NEW_PASSWORD }, IP)).resolves.toHaveProperty(
          'token',
        );
      });

      it('works once: the same link again, or the account’s other links, are refused as used', async () => {
        await ask();
        await ask();
        const first = (await mailedLink(0)).token;
        const second = (await mailedLink(1)).token;
        await auth.resetPassword(second, NEW_PASSWORD);
        for (const token of [second, first]) {
          expect(await refusal(auth.resetPassword(token, 'yet another password 2026'))).toMatchObject({
            kind: 'invalid',
            fields: { token: RESET_MESSAGES.linkUsed },
          });
        }
        await expect(auth.signIn({ email: EMAIL, password: NEW_PASSWORD }, IP)).resolves.toHaveProperty(
          'token',
        );
      });

      it('lets only one of two uses racing with the same link through, on two instances', async () => {
        await ask();
        const { token } = await mailedLink();
        const other = localAuth(await database.another());
        const results = await Promise.allSettled([
          auth.resetPassword(token, 'first racing password'),
          other.resetPassword(token, 'second racing password'),
        ]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        expect(results.find((result) => result.status === 'rejected')?.reason).toMatchObject({
          fields: { token: RESET_MESSAGES.linkUsed },
        });
      });

      it('refuses an expired link, an unknown one and none, each with its own message', async () => {
        await ask();
        const { token } = await mailedLink();
        await database.store.db
          .updateTable('password_resets')
          .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
          .execute();
        const cases: Array<[string, string]> = [
          [token, RESET_MESSAGES.linkExpired],
          ['no-such-token', RESET_MESSAGES.linkUnknown],
          ['x'.repeat(500), RESET_MESSAGES.linkUnknown],
          ['a\0token', RESET_MESSAGES.linkUnknown],
          ['', RESET_MESSAGES.linkMissing],
        ];
        for (const [given, message] of cases) {
          expect(await refusal(auth.resetPassword(given, NEW_PASSWORD))).toMatchObject({
            kind: 'invalid',
            message,
            fields: { token: message },
          });
        }
        await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
      });
    });

    describe('purgeExpired', () => {
      it('forgets links a day after they ended and requests out of the throttle window', async () => {
        await ask();
        await ask();
        const long = new Date(Date.now() - 25 * 3_600_000).toISOString();
        const first = await database.store.db
          .selectFrom('password_resets')
          .select('id')
          .orderBy('id')
          .limit(1)
          .executeTakeFirstOrThrow();
        await database.store.db
          .updateTable('password_resets')
          .set({ expires_at: long })
          .where('id', '=', first.id)
          .execute();
        await database.store.db.updateTable('password_reset_requests').set({ created_at: long }).execute();
        expect(await auth.purgeExpired()).toBe(3);
        expect(await countRows(database.store, 'password_resets')).toBe(1);
        expect(await countRows(database.store, 'password_reset_requests')).toBe(0);
      });
    });
  });
