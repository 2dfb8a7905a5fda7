import { DATABASES } from '../helpers/databases.ts';
import { openFirebaseAuthHarness, passwordResetMails } from '../helpers/firebase-auth-harness.ts';
import { startFirebaseEmulators } from '../helpers/firebase-emulators.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authContract } from './auth.contract.ts';
import { passwordResetContract } from './password-reset.contract.ts';

const emulators = startFirebaseEmulators({ auth: true });
const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

// Firebase checks the password; the sessions and the throttle live in the shop's database, on
// both of them (decision 093).
for (const [name, openDatabase] of DATABASES) {
  authContract(`Firebase Auth on the emulator, sessions on ${name}`, () =>
    openFirebaseAuthHarness(emulators.auth, ADMIN, openDatabase),
  );

  passwordResetContract(`Firebase Auth on the emulator, requests counted on ${name}`, async () => {
    const harness = await openFirebaseAuthHarness(emulators.auth, ADMIN, openDatabase);
    // The emulator keeps the codes of earlier tests: only the ones sent since count.
    const before = await passwordResetMails(emulators.auth);
    return {
      auth: harness.auth,
      resetMails: async (email) => {
        const sent = (list: Awaited<ReturnType<typeof passwordResetMails>>) =>
          list.filter((code) => code.email === email).length;
        return sent(await passwordResetMails(emulators.auth)) - sent(before);
      },
      close: () => harness.close(),
    };
  });
}
