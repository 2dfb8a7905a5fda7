import { initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  initializeAuth,
  inMemoryPersistence,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import { firebaseLoginMessage } from '../domain/auth/login-messages.ts';

/** The Firebase web config the login page may carry: public by design (decision 011), never a key. */
export type PublicFirebaseConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Only on the Auth emulator (tests, `npm run start:emulated`). */
  emulatorUrl?: string | undefined;
};

const auths = new Map<string, Auth>();

function authFor(config: PublicFirebaseConfig): Auth {
  const key = JSON.stringify(config);
  let auth = auths.get(key);
  if (!auth) {
    const { apiKey, authDomain, projectId } = config;
    const app = initializeApp({ apiKey, authDomain, projectId }, `shop-admin-${auths.size + 1}`);
    // Nothing of the Firebase sign-in is kept in the browser: the shop's session is its own cookie.
    auth = initializeAuth(app, { persistence: inMemoryPersistence });
    if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    auths.set(key, auth);
  }
  return auth;
}

/**
 * Signs in to Firebase Auth with email and password and answers the ID token the server turns
 * into the shop's session, or the spec's Greek message for Firebase's error code (section 8).
 */
export async function firebaseIdToken(
  config: PublicFirebaseConfig,
  email: string,
  password: string,
): Promise<{ ok: true; idToken: string } | { ok: false; message: string }> {
  const auth = authFor(config);
  try {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    return { ok: true, idToken: await user.getIdToken() };
  } catch (error) {
    const { code = '', message = String(error) } = error as { code?: string; message?: string };
    return { ok: false, message: firebaseLoginMessage(code, message) };
  } finally {
    await signOut(auth).catch(() => undefined);
  }
}
