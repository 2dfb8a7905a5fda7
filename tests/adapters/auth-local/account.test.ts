import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../../src/adapters/auth-local/accounts.ts';
import { ACCOUNT_MESSAGES } from '../../../src/domain/admin/account-form.ts';
import { LOGIN_MESSAGES } from '../../../src/domain/auth/login-messages.ts';
import type { Session } from '../../../src/domain/auth/sign-in.ts';
import type { AuthPort } from '../../../src/ports/auth.ts';
import { DATABASES, type TestDatabase } from '../../helpers/databases.ts';
import { localAuth } from '../../helpers/local-auth.ts';

const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a much better passphrase';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/131.0';

let database: TestDatabase;
let auth: AuthPort;

const signIn = (ip = '203.0.113.1', userAgent = LAPTOP, email = EMAIL, password = PASSWORD) =>
  auth.signIn({ email, password }, ip, userAgent);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { kind: string; message: string; fields: Record<string, string> };
  }
  throw new Error('expected a refusal');
}

// An admin's own sessions, password and sign-ins (dashboard, decision 036), on each of the shop's
// databases (decision 093).
for (const [name, openDatabase] of DATABASES)
  describe(`the admin's account on ${name}`, () => {
    beforeEach(async () => {
      database = await openDatabase();
      auth = localAuth(database.store);
      await upsertAdmin(database.store, EMAIL, PASSWORD);
      await upsertAdmin(database.store, 'helper@example.gr', PASSWORD);
    });

    afterEach(async () => {
      await database.close();
    });

    describe('sessions of an admin', () => {
      let laptop: Session;
      let phone: Session;

      beforeEach(async () => {
        laptop = await signIn('203.0.113.1', LAPTOP);
        phone = await signIn('198.51.100.2', PHONE);
        await signIn('192.0.2.3', LAPTOP, 'helper@example.gr');
      });

      it('lists only the live sessions of that admin, newest first, marking the one asking', async () => {
        const sessions = await auth.listSessions(laptop.user.id, laptop.token);
        expect(sessions.map(({ ip, userAgent, current }) => ({ ip, userAgent, current }))).toEqual([
          { ip: '198.51.100.2', userAgent: PHONE, current: false },
          { ip: '203.0.113.1', userAgent: LAPTOP, current: true },
        ]);
        for (const session of sessions) {
          expect(session.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
          expect(session.id).not.toContain(laptop.token.slice(0, 8));
        }
      });

      it('ends another session by its id, but neither the current one nor another admin’s', async () => {
        const sessions = await auth.listSessions(laptop.user.id, laptop.token);
        const phoneId = sessions.find((session) => !session.current)?.id ?? '';
        const currentId = sessions.find((session) => session.current)?.id ?? '';
        const helper = await signIn('192.0.2.4', LAPTOP, 'helper@example.gr');
        const helperId = (await auth.listSessions(helper.user.id, helper.token))[0]?.id ?? '';

        expect(await refusal(auth.endSession(laptop.user.id, helperId, laptop.token))).toMatchObject({
          kind: 'not_found',
          message: ACCOUNT_MESSAGES.sessionNotFound,
        });
        expect(await refusal(auth.endSession(laptop.user.id, currentId, laptop.token))).toMatchObject({
          kind: 'conflict',
        });
        await auth.endSession(laptop.user.id, phoneId, laptop.token);
        expect(await auth.verifySession(phone.token)).toBeNull();
        expect(await auth.verifySession(laptop.token)).not.toBeNull();
        expect(await auth.verifySession(helper.token)).not.toBeNull();
      });

      it('ends every other session at once', async () => {
        const third = await signIn('203.0.113.9', PHONE);
        expect(await auth.endOtherSessions(laptop.user.id, laptop.token)).toBe(2);
        expect(await auth.verifySession(phone.token)).toBeNull();
        expect(await auth.verifySession(third.token)).toBeNull();
        expect(await auth.verifySession(laptop.token)).not.toBeNull();
      });

      it('changes the password only with the right current one, and ends every other session', async () => {
        const wrong = await refusal(
          auth.changePassword(laptop.user.id, 'not my password', NEW_PASSWORD, laptop.token),
        );
        expect(wrong).toMatchObject({
          kind: 'invalid',
          fields: { currentPassword: ACCOUNT_MESSAGES.currentWrong },
        });
        expect(await auth.verifySession(phone.token)).not.toBeNull();

        await auth.changePassword(laptop.user.id, PASSWORD, NEW_PASSWORD, laptop.token);
        expect(await auth.verifySession(laptop.token)).not.toBeNull();
        expect(await auth.verifySession(phone.token)).toBeNull();
        await expect(signIn()).rejects.toMatchObject({ kind: 'unauthorized' });
        await expect(signIn('203.0.113.1', LAPTOP, EMAIL, NEW_PASSWORD)).resolves.toHaveProperty('token');
      });

      it('throttles guessing the current password like sign-in', async () => {
        for (let attempt = 0; attempt < 5; attempt += 1)
          await refusal(auth.changePassword(laptop.user.id, `guess ${attempt}`, NEW_PASSWORD, laptop.token));
        expect(
          await refusal(auth.changePassword(laptop.user.id, PASSWORD, NEW_PASSWORD, laptop.token)),
        ).toMatchObject({
          kind: 'rate_limited',
          message: LOGIN_MESSAGES['too-many-requests'],
        });
      });
    });

    describe('recent sign-ins', () => {
      it('lists the account’s attempts, newest first, with address, browser and result', async () => {
        await signIn('203.0.113.1', LAPTOP);
        await refusal(signIn('198.51.100.66', PHONE, EMAIL, 'wrong password'));
        await signIn('192.0.2.3', LAPTOP, 'helper@example.gr');
        const owner = await signIn('203.0.113.1', LAPTOP);
        const records = await auth.recentSignIns(owner.user.id, 10);
        expect(records.map(({ ip, userAgent, succeeded }) => ({ ip, userAgent, succeeded }))).toEqual([
          { ip: '203.0.113.1', userAgent: LAPTOP, succeeded: true },
          { ip: '198.51.100.66', userAgent: PHONE, succeeded: false },
          { ip: '203.0.113.1', userAgent: LAPTOP, succeeded: true },
        ]);
      });
    });

    describe('ids from outside (a URL, a stale session)', () => {
      it('answers an id no session can have as not found, without asking the database', async () => {
        const mine = await signIn();
        for (const id of [
          '',
          'no-such-id',
          'AAAAAAAAAAAAAAAA',
          'AAAAAAAAAAAAAAA\0',
          '\0',
          'x'.repeat(10_000),
        ]) {
          expect(
            await refusal(auth.endSession(mine.user.id, id, mine.token)),
            JSON.stringify(id),
          ).toMatchObject({
            kind: 'not_found',
            message: ACCOUNT_MESSAGES.sessionNotFound,
          });
        }
        expect(await auth.verifySession(mine.token)).toEqual(mine.user);
      });

      it('answers a user id that names no account as nobody’s, whatever its size or form', async () => {
        const mine = await signIn();
        for (const userId of ['0', '-1', '1.5', '1e3', 'abc', '', '2147483648', '99999999999999999999']) {
          expect(await auth.listSessions(userId, mine.token), userId).toEqual([]);
          expect(await auth.endOtherSessions(userId, mine.token), userId).toBe(0);
          expect(await auth.recentSignIns(userId, 10), userId).toEqual([]);
          expect(
            await refusal(auth.endSession(userId, 'AAAAAAAAAAAAAAAA', mine.token)),
            userId,
          ).toMatchObject({
            kind: 'not_found',
          });
          expect(
            await refusal(auth.changePassword(userId, PASSWORD, NEW_PASSWORD, mine.token)),
            userId,
          ).toMatchObject({ kind: 'not_found' });
        }
        expect(await auth.verifySession(mine.token)).toEqual(mine.user);
      });

      it('keeps a browser name without the NUL characters it should never carry', async () => {
        const mine = await signIn('203.0.113.1', 'Fire\0fox');
        expect(await auth.verifySession('\0')).toBeNull();
        const [session] = await auth.listSessions(mine.user.id, mine.token);
        expect(session?.userAgent).toBe('Firefox');
        const [record] = await auth.recentSignIns(mine.user.id, 1);
        expect(record?.userAgent).toBe('Firefox');
      });
    });
  });
