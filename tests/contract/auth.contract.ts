import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain/admin/account-form.ts';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-messages.ts';
import type { Session, SignInProof } from '../../src/domain/auth/sign-in.ts';
import { isAppError } from '../../src/domain/errors.ts';
import type { AuthPort } from '../../src/ports/auth.ts';

export const ADMIN_EMAIL = 'owner@example.gr';
export const ADMIN_PASSWORD = 'correct horse battery staple';
const IP = '203.0.113.7';
const OTHER_IP = '198.51.100.1';

/** One empty auth backend with one admin (ADMIN_EMAIL / ADMIN_PASSWORD), for one test. */
export type AuthHarness = {
  auth: AuthPort;
  /**
   * The whole sign-in as the login page runs it: the proof this backend takes, then signIn. A
   * refusal on the way (Firebase refusing the password) is thrown as an AppError, as the page shows it.
   */
  signIn(email: string, password: string, ip: string, userAgent?: string): Promise<Session>;
  /** A proof of the other backend's kind, which this one must refuse as invalid. */
  foreignProof: SignInProof;
  /** The n-th proof that the server itself refuses (an unknown account, a forged token). */
  refusedProof(n: number): SignInProof;
  /** Makes every stored session expire now. */
  expireSessions(): Promise<void>;
  /** Every value stored for the sessions, to prove tokens are kept hashed. */
  storedSessionValues(): Promise<string[]>;
  close(): Promise<void> | void;
};

async function refusal(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * What every auth adapter must do (spec sections 2, 4, 6 and 8; decision 011): sessions of the
 * shop's own (fresh random tokens, stored hashed, ended on the server), the spec's login messages,
 * and throttling on the server.
 */
export function authContract(backend: string, open: () => Promise<AuthHarness>): void {
  describe(`auth port contract (${backend})`, () => {
    let harness: AuthHarness;
    let auth: AuthPort;

    beforeEach(async () => {
      harness = await open();
      auth = harness.auth;
    });

    afterEach(async () => {
      await harness.close();
    });

    it('gives a fresh token that verifySession turns into the admin', async () => {
      const before = Date.now();
      const session = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.user).toEqual({ id: expect.any(String), email: ADMIN_EMAIL });
      const ttl = session.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThanOrEqual(168 * 3_600_000);
      expect(ttl).toBeLessThan(168 * 3_600_000 + 60_000);
      expect(await auth.verifySession(session.token)).toEqual(session.user);
      // A device id for the browser to keep (decision 077).
      expect(session.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.device).not.toBe(session.token);
    });

    it('matches the email without regard to case', async () => {
      const session = await harness.signIn('Owner@Example.GR', ADMIN_PASSWORD, IP);
      expect(session.user.email).toBe(ADMIN_EMAIL);
    });

    it('gives a different token on every sign-in, all valid', async () => {
      const first = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      const second = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      expect(first.token).not.toBe(second.token);
      expect(await auth.verifySession(first.token)).toEqual(first.user);
      expect(await auth.verifySession(second.token)).toEqual(second.user);
    });

    it('refuses a wrong password with the spec message for it', async () => {
      const { kind, message } = await refusal(harness.signIn(ADMIN_EMAIL, 'wrong password', IP));
      expect(kind).toBe('unauthorized');
      expect([LOGIN_MESSAGES['invalid-credential'], LOGIN_MESSAGES['wrong-password']]).toContain(message);
      expect(await harness.storedSessionValues()).toEqual([]);
    });

    it('refuses an unknown email with the spec message for it', async () => {
      const { kind, message } = await refusal(harness.signIn('nobody@example.gr', ADMIN_PASSWORD, IP));
      expect(kind).toBe('unauthorized');
      expect([LOGIN_MESSAGES['invalid-credential'], LOGIN_MESSAGES['user-not-found']]).toContain(message);
    });

    it('refuses the other kind of proof as invalid', async () => {
      expect(await refusal(auth.signIn(harness.foreignProof, IP))).toEqual({
        kind: 'invalid',
        message: LOGIN_MESSAGES['invalid-credential'],
      });
    });

    it('refuses a proof the server does not accept, and starts no session', async () => {
      expect(await refusal(auth.signIn(harness.refusedProof(1), IP))).toEqual({
        kind: 'unauthorized',
        message: LOGIN_MESSAGES['invalid-credential'],
      });
      expect(await harness.storedSessionValues()).toEqual([]);
    });

    it('blocks an address after 30 refused sign-ins in 15 minutes, but not other addresses', async () => {
      for (let n = 0; n < 30; n += 1) await refusal(auth.signIn(harness.refusedProof(n), IP));
      expect(await refusal(harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP))).toEqual({
        kind: 'rate_limited',
        message: LOGIN_MESSAGES['too-many-requests'],
      });
      await expect(harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP)).resolves.toHaveProperty('token');
      // 31 password checks (scrypt, made to be slow) in a row: a hang guard, not a speed check;
      // a busy two-core machine once took 31 s.
    }, 120_000);

    it('ends a session on signOut and leaves the others', async () => {
      const session = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      const other = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      await auth.signOut(session.token);
      expect(await auth.verifySession(session.token)).toBeNull();
      expect(await auth.verifySession(other.token)).toEqual(other.user);
    });

    it('ignores signOut of an unknown token', async () => {
      await expect(auth.signOut('no-such-token')).resolves.toBeUndefined();
    });

    it('gives null for an expired session', async () => {
      const session = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      await harness.expireSessions();
      expect(await auth.verifySession(session.token)).toBeNull();
    });

    it('forgets expired sessions in purgeExpired, and only those', async () => {
      await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      await harness.expireSessions();
      const live = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      expect(await auth.purgeExpired()).toBe(2);
      expect(await auth.verifySession(live.token)).toEqual(live.user);
      expect(await auth.purgeExpired()).toBe(0);
    });

    it('gives null for unknown, empty, oversized and altered tokens', async () => {
      const session = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      expect(await auth.verifySession('')).toBeNull();
      expect(await auth.verifySession('x'.repeat(201))).toBeNull();
      expect(await auth.verifySession(`${session.token}x`)).toBeNull();
      expect(await auth.verifySession(session.token.slice(0, -1))).toBeNull();
    });

    it('stores tokens hashed, never as given', async () => {
      const session = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
      const stored = await harness.storedSessionValues();
      expect(stored.length).toBeGreaterThan(0);
      for (const value of stored) expect(value).not.toContain(session.token);
    });

    describe("the admin's own sessions and password (dashboard, decision 036)", () => {
      const PHONE = 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile';

      it('lists the live sessions with address and browser, marking the one asking', async () => {
        const first = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP, PHONE);
        const second = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP);
        const list = await auth.listSessions(second.user.id, second.token);
        expect(list).toHaveLength(2);
        expect(list.filter((session) => session.current)).toHaveLength(1);
        const phone = list.find((session) => session.userAgent === PHONE);
        expect(phone).toMatchObject({ ip: IP, current: false });
        for (const session of list) {
          expect(session.id).not.toBe('');
          expect([first.token, second.token].some((token) => session.id.includes(token))).toBe(false);
        }
      });

      it('ends another session by its id, but not the current one or an unknown id', async () => {
        const other = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP);
        const mine = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
        const list = await auth.listSessions(mine.user.id, mine.token);
        const otherId = list.find((session) => !session.current)?.id ?? '';
        const currentId = list.find((session) => session.current)?.id ?? '';
        expect(await refusal(auth.endSession(mine.user.id, currentId, mine.token))).toMatchObject({
          kind: 'conflict',
        });
        expect(await refusal(auth.endSession(mine.user.id, 'no-such-id', mine.token))).toEqual({
          kind: 'not_found',
          message: ACCOUNT_MESSAGES.sessionNotFound,
        });
        await auth.endSession(mine.user.id, otherId, mine.token);
        expect(await auth.verifySession(other.token)).toBeNull();
        expect(await auth.verifySession(mine.token)).toEqual(mine.user);
      });

      it('ends every other session at once', async () => {
        const others = [
          await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP),
          await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP),
        ];
        const mine = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
        expect(await auth.endOtherSessions(mine.user.id, mine.token)).toBe(2);
        for (const other of others) expect(await auth.verifySession(other.token)).toBeNull();
        expect(await auth.verifySession(mine.token)).toEqual(mine.user);
      });

      it('changes the password only with the right current one, ending every other session', async () => {
        const other = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP);
        const mine = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP);
        const wrong = auth.changePassword(
          mine.user.id,
          'not the password',
          'a brand new password',
          mine.token,
        );
        await expect(wrong).rejects.toMatchObject({
          kind: 'invalid',
          fields: { currentPassword: ACCOUNT_MESSAGES.currentWrong },
        });
        expect(await auth.verifySession(other.token)).toEqual(other.user);

        await auth.changePassword(mine.user.id, ADMIN_PASSWORD, 'a brand new password', mine.token);
        expect(await auth.verifySession(other.token)).toBeNull();
        expect(await auth.verifySession(mine.token)).toEqual(mine.user);
        await expect(harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_IP)).rejects.toBeDefined();
        const again = await harness.signIn(ADMIN_EMAIL, 'a brand new password', OTHER_IP);
        expect(again.user).toEqual(mine.user);
      });

      it('lists the latest sign-ins, newest first, with address, browser and result', async () => {
        const mine = await harness.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, IP, PHONE);
        const latest = await auth.recentSignIns(mine.user.id, 10);
        expect(latest[0]).toMatchObject({ ip: IP, userAgent: PHONE, succeeded: true });
      });
    });
  });
}
