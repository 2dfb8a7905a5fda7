import { openFirebaseAuthHarness } from '../helpers/firebase-auth-harness.ts';
import { startFirebaseEmulators } from '../helpers/firebase-emulators.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authContract } from './auth.contract.ts';

const emulators = startFirebaseEmulators({ auth: true });

authContract('Firebase Auth on the emulator', () =>
  openFirebaseAuthHarness(emulators.auth, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
);
