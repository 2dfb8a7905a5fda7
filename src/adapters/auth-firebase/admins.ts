import type { ShopDatabase } from '../database/shop-database.ts';
import { type FirebaseSettings, openFirebaseApp } from '../firebase/app.ts';
import { loadSdk } from '../load-sdk.ts';
import { ADMIN_CLAIM, endFirebaseSessions } from './index.ts';

/**
 * Marks a Firebase user as the shop's admin, or takes it back (`npm run admin`). Taking it back
 * also ends the user's shop sessions and revokes their Firebase sign-ins at once. Other custom
 * claims the user has are kept. Answers the user's uid.
 */
export async function setFirebaseAdmin(
  settings: FirebaseSettings,
  store: ShopDatabase,
  email: string,
  admin: boolean,
): Promise<string> {
  const firebase = openFirebaseApp(settings);
  try {
    const { getAuth } = loadSdk<typeof import('firebase-admin/auth')>('firebase-admin/auth');
    const auth = getAuth(firebase.app);
    const user = await auth.getUserByEmail(email);
    const claims = { ...(user.customClaims ?? {}) };
    if (admin) claims[ADMIN_CLAIM] = true;
    else delete claims[ADMIN_CLAIM];
    await auth.setCustomUserClaims(user.uid, claims);
    if (!admin) {
      await endFirebaseSessions(store, user.uid);
      await auth.revokeRefreshTokens(user.uid);
    }
    return user.uid;
  } finally {
    await firebase.close();
  }
}
