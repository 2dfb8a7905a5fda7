/**
 * The hosted backends on this machine: the Firestore emulator, the Firebase Auth emulator and the
 * EmailJS recorder, on free (or given) ports, with an admin account marked by the admin claim.
 * `npm run start:emulated` and the hosted e2e run start the shop on top of it.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  type EmailJsRecorder,
  startEmailJsRecorder,
  TEST_EMAILJS_ACCOUNT,
} from '../../tests/doubles/emailjs-recorder.ts';
import { type AuthEmulator, startAuthEmulator } from './auth.ts';
import { type FirestoreEmulator, startFirestoreEmulator } from './firestore.ts';
import { EMULATED_PROJECT_ID, emulatedEnv } from './hosted-env.ts';

export type HostedStack = {
  firestore: FirestoreEmulator;
  auth: AuthEmulator;
  emailjs: EmailJsRecorder;
  /** The shop's settings for documents, auth and mail on this stack (commerce stays local). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startHostedStack(
  options: {
    firestorePort?: number;
    authPort?: number;
    emailjsPort?: number;
    log?: (line: string) => void;
  } = {},
): Promise<HostedStack> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const firestore = await startFirestoreEmulator(options.firestorePort ?? 0);
  const auth = await startAuthEmulator(EMULATED_PROJECT_ID, options.authPort ?? 0);
  const emailjs = await startEmailJsRecorder(TEST_EMAILJS_ACCOUNT, {
    ...(options.emailjsPort ? { port: options.emailjsPort } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const env = emulatedEnv({
    firestoreHost: firestore.host,
    authUrl: auth.url,
    emailjsOrigin: emailjs.origin,
  });
  return {
    firestore,
    auth,
    emailjs,
    env,
    async stop() {
      await emailjs.close();
      await auth.stop();
      await firestore.stop();
    },
  };
}

/** Creates (or resets) a Firebase user with the admin claim on the Auth emulator. */
export async function createEmulatedAdmin(
  stack: HostedStack,
  email: string,
  password: string,
): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.auth.host;
  const app = initializeApp({ projectId: EMULATED_PROJECT_ID }, `seed-admin-${Date.now()}`);
  const auth = getAuth(app);
  const existing = await auth.getUserByEmail(email).catch(() => null);
  const user = existing
    ? await auth.updateUser(existing.uid, { password })
    : await auth.createUser({ email, password, emailVerified: true });
  await auth.setCustomUserClaims(user.uid, { admin: true });
}
