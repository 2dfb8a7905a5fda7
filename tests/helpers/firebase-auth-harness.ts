import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { AuthEmulator } from '../../scripts/emulators/auth.ts';
import { createFirebaseAuth } from '../../src/adapters/auth-firebase/index.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { AppError } from '../../src/domain/errors.ts';
import { firebaseIdToken, type PublicFirebaseConfig } from '../../src/stores/firebase-sign-in.ts';
import type { AuthHarness } from '../contract/auth.contract.ts';
import { sqliteTestDatabase, type TestDatabase } from './databases.ts';

let apps = 0;

/**
 * Firebase Auth on the emulator: an admin user with the admin claim, the adapter's sessions and
 * throttle in an empty shop database (SQLite unless `openDatabase` says otherwise).
 */
export async function openFirebaseAuthHarness(
  emulator: AuthEmulator,
  admin: { email: string; password: string },
  openDatabase: () => Promise<TestDatabase> = sqliteTestDatabase,
): Promise<
  AuthHarness & {
    store: ShopDatabase;
    adminAuth: ReturnType<typeof getAuth>;
    config: PublicFirebaseConfig;
  }
> {
  await emulator.clear();
  apps += 1;
  const adminAuth = getAuth(initializeApp({ projectId: emulator.projectId }, `harness-${apps}`));
  const user = await adminAuth.createUser({ email: admin.email, password: admin.password });
  await adminAuth.setCustomUserClaims(user.uid, { admin: true });

  const database = await openDatabase();
  const { store } = database;
  const auth = createFirebaseAuth({ projectId: emulator.projectId, emulated: true }, store, {
    sessionTtlHours: 168,
    passwordCheck: { apiKey: 'demo-api-key', emulatorUrl: emulator.url },
  });
  const config: PublicFirebaseConfig = {
    apiKey: 'demo-api-key',
    authDomain: `${emulator.projectId}.firebaseapp.com`,
    projectId: emulator.projectId,
    emulatorUrl: emulator.url,
  };
  return {
    auth,
    store,
    adminAuth,
    config,
    async signIn(email, password, ip, userAgent) {
      // The login page's own code: the Firebase web SDK, then the ID token to the server.
      const result = await firebaseIdToken(config, email, password);
      if (!result.ok) throw new AppError('unauthorized', result.message);
      return auth.signIn({ idToken: result.idToken }, ip, userAgent);
    },
    foreignProof: { email: admin.email, password: admin.password },
    refusedProof: (n) => ({ idToken: `forged.${n}.token` }),
    async expireSessions() {
      await store.db
        .updateTable('firebase_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
    },
    async storedSessionValues() {
      const rows = await store.db.selectFrom('firebase_sessions').selectAll().execute();
      return rows.flatMap((row) => Object.values(row).map(String));
    },
    async close() {
      await auth.close();
      await database.close();
    },
  };
}

/** The password reset mails the Auth emulator "sent" (it keeps their codes instead), oldest first. */
export async function passwordResetMails(
  emulator: AuthEmulator,
): Promise<Array<{ email: string; oobCode: string; oobLink: string }>> {
  const response = await fetch(`${emulator.url}/emulator/v1/projects/${emulator.projectId}/oobCodes`);
  const body = (await response.json()) as {
    oobCodes?: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>;
  };
  return (body.oobCodes ?? []).filter((code) => code.requestType === 'PASSWORD_RESET');
}
