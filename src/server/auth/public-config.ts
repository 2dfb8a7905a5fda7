import type { Env } from '../env.ts';

/**
 * The Firebase web config the login page needs to sign in with Firebase Auth (decision 011). Only
 * these PUBLIC_ values reach the browser (Firebase designs them to be public); the service
 * account never does. Null when the shop's own accounts are used.
 */
export function publicFirebaseConfig(env: Env) {
  if (env.AUTH_BACKEND !== 'firebase') return null;
  return {
    apiKey: env.PUBLIC_FIREBASE_API_KEY ?? '',
    authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN ?? '',
    projectId: env.FIREBASE_PROJECT_ID ?? '',
    ...(env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL ? { emulatorUrl: env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL } : {}),
  };
}
