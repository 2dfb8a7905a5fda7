import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFirebaseAdmin } from '../../src/adapters/auth-firebase/admins.ts';
import { endFirebaseSessions, freshSignIn } from '../../src/adapters/auth-firebase/index.ts';
import { LOGIN_MESSAGES, NOT_AN_ADMIN_MESSAGE } from '../../src/domain/auth/login-messages.ts';
import { RESET_MESSAGES, RESET_PAGE } from '../../src/domain/auth/password-reset.ts';
import { isAppError } from '../../src/domain/errors.ts';
import { firebaseIdToken } from '../../src/stores/firebase-sign-in.ts';
import { DATABASES } from '../helpers/databases.ts';
import { openFirebaseAuthHarness, passwordResetMails } from '../helpers/firebase-auth-harness.ts';
import { startFirebaseEmulators } from '../helpers/firebase-emulators.ts';

// The port's behaviour is proven by tests/contract/auth-firebase.test.ts; these check what only
// Firebase has: the admin claim, revocation, stale and disabled sign-ins, the web SDK's codes,
// with the sessions on each of the shop's databases.
const emulators = startFirebaseEmulators({ auth: true });
const ADMIN = { email: 'owner@example.gr', password: 'correct horse battery staple' };
const IP = '203.0.113.9';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

for (const [name, openDatabase] of DATABASES)
  describe(`auth-firebase, sessions on ${name}`, () => {
    let harness: Awaited<ReturnType<typeof openFirebaseAuthHarness>>;

    beforeEach(async () => {
      harness = await openFirebaseAuthHarness(emulators.auth, ADMIN, openDatabase);
    });

    afterEach(async () => {
      await harness.close();
    });

    it('refuses a Firebase user who is not marked admin, and starts no session', async () => {
      await harness.adminAuth.createUser({ email: 'shopper@example.gr', password: 'a shopper password' });
      expect(await refusal(harness.signIn('shopper@example.gr', 'a shopper password', IP))).toEqual({
        kind: 'unauthorized',
        message: NOT_AN_ADMIN_MESSAGE,
      });
      expect(await harness.storedSessionValues()).toEqual([]);
    });

    it('signs out on the server: the session ends and Firebase revokes the refresh tokens', async () => {
      const session = await harness.signIn(ADMIN.email, ADMIN.password, IP);
      const before = (await harness.adminAuth.getUserByEmail(ADMIN.email)).tokensValidAfterTime;
      await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation times are in seconds
      await harness.auth.signOut(session.token);
      expect(await harness.auth.verifySession(session.token)).toBeNull();
      const after = (await harness.adminAuth.getUserByEmail(ADMIN.email)).tokensValidAfterTime;
      expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    });

    it('starts sessions only from a sign-in of the last five minutes', () => {
      const now = Date.parse('2026-01-01T12:00:00Z');
      expect(freshSignIn(now / 1000 - 60, now)).toBe(true);
      expect(freshSignIn(now / 1000 - 300, now)).toBe(true);
      expect(freshSignIn(now / 1000 - 301, now)).toBe(false);
    });

    it('refuses the token of a user disabled since signing in', async () => {
      const result = await firebaseIdToken(harness.config, ADMIN.email, ADMIN.password);
      if (!result.ok) throw new Error(result.message);
      const user = await harness.adminAuth.getUserByEmail(ADMIN.email);
      await harness.adminAuth.updateUser(user.uid, { disabled: true });
      expect((await refusal(harness.auth.signIn({ idToken: result.idToken }, IP))).kind).toBe('unauthorized');
    });

    it('ends every session of a user whose admin claim was taken away', async () => {
      const first = await harness.signIn(ADMIN.email, ADMIN.password, IP);
      const second = await harness.signIn(ADMIN.email, ADMIN.password, IP);
      expect(await endFirebaseSessions(harness.store, first.user.id)).toBe(2);
      expect(await harness.auth.verifySession(first.token)).toBeNull();
      expect(await harness.auth.verifySession(second.token)).toBeNull();
    });

    it('npm run admin grants and takes back the admin claim; taking it back ends the sessions', async () => {
      const settings = { projectId: emulators.auth.projectId, emulated: true };
      const helper = { email: 'helper@example.gr', password: 'a helper password' };
      await harness.adminAuth.createUser(helper);
      expect((await refusal(harness.signIn(helper.email, helper.password, IP))).message).toBe(
        NOT_AN_ADMIN_MESSAGE,
      );
      await setFirebaseAdmin(settings, harness.store, helper.email, true);
      const session = await harness.signIn(helper.email, helper.password, IP);
      expect(await harness.auth.verifySession(session.token)).toEqual(session.user);
      await setFirebaseAdmin(settings, harness.store, helper.email, false);
      expect(await harness.auth.verifySession(session.token)).toBeNull();
      expect((await refusal(harness.signIn(helper.email, helper.password, IP))).message).toBe(
        NOT_AN_ADMIN_MESSAGE,
      );
    });

    it('maps the web SDK refusals to the spec messages', async () => {
      expect(await firebaseIdToken(harness.config, ADMIN.email, 'wrong')).toEqual({
        ok: false,
        message: LOGIN_MESSAGES['wrong-password'],
      });
      expect(await firebaseIdToken(harness.config, 'nobody@example.gr', 'x')).toEqual({
        ok: false,
        message: LOGIN_MESSAGES['user-not-found'],
      });
    });

    it("sends Firebase's own reset mail to an admin only, whose link sets the password on Firebase", async () => {
      const sentTo = async (email: string) =>
        (await passwordResetMails(emulators.auth)).filter((code) => code.email === email);
      const before = (await sentTo(ADMIN.email)).length;
      const shopper = 'reader@example.gr';
      await harness.adminAuth.createUser({ email: shopper, password: 'a shopper password' });
      const resetPage = `https://shop.example.gr${RESET_PAGE}`;
      await harness.auth.requestPasswordReset({ email: shopper, clientIp: IP, resetPage });
      await harness.auth.requestPasswordReset({ email: ADMIN.email, clientIp: IP, resetPage });
      await expect.poll(async () => (await sentTo(ADMIN.email)).length).toBe(before + 1);
      expect(await sentTo(shopper)).toEqual([]);

      // What Firebase's own page posts when the admin follows the link.
      const code = (await sentTo(ADMIN.email)).at(-1)?.oobCode ?? '';
      const reset = await fetch(
        `${emulators.auth.url}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ oobCode: code, newPassword: 'a new firebase password' }),
        },
      );
      expect(reset.status).toBe(200);
      await expect(harness.signIn(ADMIN.email, 'a new firebase password', IP)).resolves.toHaveProperty(
        'token',
      );
      // The shop's own reset page does not take Firebase's codes.
      expect(await refusal(harness.auth.resetPassword(code, 'a new firebase password'))).toEqual({
        kind: 'invalid',
        message: RESET_MESSAGES.firebaseLink,
      });
    });
  });
