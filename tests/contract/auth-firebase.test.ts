import { openFirebaseAuthHarness, passwordResetMails } from '../helpers/firebase-auth-harness.ts';
import { startFirebaseEmulators } from '../helpers/firebase-emulators.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authContract } from './auth.contract.ts';
import { passwordResetContract } from './password-reset.contract.ts';

const emulators = startFirebaseEmulators({ auth: true });

authContract('Firebase Auth on the emulator', () =>
  openFirebaseAuthHarness(emulators.auth, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
);

passwordResetContract('Firebase Auth on the emulator', async () => {
  const harness = await openFirebaseAuthHarness(emulators.auth, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
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
