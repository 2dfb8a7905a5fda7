import { afterAll, beforeAll } from 'vitest';
import { type AuthEmulator, startAuthEmulator } from '../../scripts/emulators/auth.ts';
import { type FirestoreEmulator, startFirestoreEmulator } from '../../scripts/emulators/firestore.ts';

export const TEST_PROJECT_ID = 'demo-cardshop-test';

/**
 * Starts the emulators this test file needs, in its own worker, on free ports, and points the
 * Firebase SDKs at them (they read these variables). Each file gets its own, so files running in
 * parallel never see each other's data.
 */
export function startFirebaseEmulators(which: { firestore?: boolean; auth?: boolean }) {
  const started: { firestore?: FirestoreEmulator; auth?: AuthEmulator } = {};
  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION = 'none';
    if (which.firestore) {
      started.firestore = await startFirestoreEmulator();
      process.env.FIRESTORE_EMULATOR_HOST = started.firestore.host;
    }
    if (which.auth) {
      started.auth = await startAuthEmulator(TEST_PROJECT_ID);
      process.env.FIREBASE_AUTH_EMULATOR_HOST = started.auth.host;
    }
    // A guard against a hang, not a speed check (decision 073): the Auth emulator starts in about
    // 6 s alone, and took over 60 s once in a full npm test with every suite on two cores.
  }, 240_000);
  afterAll(async () => {
    await started.firestore?.stop();
    await started.auth?.stop();
  });
  return {
    get firestore(): FirestoreEmulator {
      if (!started.firestore) throw new Error('the Firestore emulator is not running');
      return started.firestore;
    },
    get auth(): AuthEmulator {
      if (!started.auth) throw new Error('the Auth emulator is not running');
      return started.auth;
    },
  };
}
