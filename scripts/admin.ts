/**
 * npm run admin -- create <email> [--password <password>]
 * npm run admin -- reset-password <email> [--password <password>]
 *   Local accounts (AUTH_BACKEND=local). Without --password a strong password is generated and
 *   printed once.
 * npm run admin -- grant-firebase-admin <email>
 * npm run admin -- revoke-firebase-admin <email>
 *   Firebase Auth (AUTH_BACKEND=firebase): sets or removes the `admin` custom claim of an existing
 *   Firebase user; removing it also ends that user's sessions.
 */
import { z } from 'zod';
import { setFirebaseAdmin } from '../src/adapters/auth-firebase/admins.ts';
import { upsertAdmin } from '../src/adapters/auth-local/accounts.ts';
import { generatePassword } from '../src/adapters/auth-local/passwords.ts';
import { firebaseSettings } from '../src/server/container.ts';
import { argValue, loadEnvOrExit, openContainerOrExit } from './cli.ts';

const COMMANDS = ['create', 'reset-password', 'grant-firebase-admin', 'revoke-firebase-admin'];
const [command = '', email] = process.argv.slice(2);
const given = argValue(process.argv, '--password');
if (!COMMANDS.includes(command) || !z.email().safeParse(email).success) {
  console.error(
    [
      'Usage: npm run admin -- create|reset-password <email> [--password <at least 12 characters>]',
      '       npm run admin -- grant-firebase-admin|revoke-firebase-admin <email>',
    ].join('\n'),
  );
  process.exit(1);
}
const env = loadEnvOrExit();
const container = await openContainerOrExit(env);

if (command.endsWith('firebase-admin')) {
  if (env.AUTH_BACKEND !== 'firebase') {
    console.error('Set AUTH_BACKEND=firebase (with FIREBASE_PROJECT_ID and the service account) first.');
    process.exit(1);
  }
  const grant = command === 'grant-firebase-admin';
  try {
    await setFirebaseAdmin(
      firebaseSettings(env, env.FIREBASE_AUTH_EMULATOR_HOST),
      container.database,
      String(email),
      grant,
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(
      code === 'auth/user-not-found'
        ? `No Firebase user ${email}: create it in the Firebase console (Authentication, Users) first.`
        : `Firebase: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  console.info(
    grant
      ? `${email} is now an admin of the shop (it signs in at /admin-login).`
      : `${email} is no longer an admin; its sessions have ended.`,
  );
  container.close();
  process.exit(0);
}

if (given !== undefined && given.length < 12) {
  console.error('The password needs at least 12 characters.');
  process.exit(1);
}
const exists = await container.database.db
  .selectFrom('admin_users')
  .select('id')
  .where('email', '=', String(email).toLowerCase())
  .executeTakeFirst();
if (command === 'reset-password' && !exists) {
  console.error(`No admin account ${email}. Create it with: npm run admin -- create ${email}`);
  process.exit(1);
}
const password = given ?? generatePassword();
await upsertAdmin(container.database, String(email), password);
console.info(
  `${command === 'create' ? 'Admin ready' : 'Password changed'}: ${email}${given ? '' : ` / ${password}`}`,
);
container.close();
