/**
 * npm run admin -- create <email> [--password <password>]
 * npm run admin -- reset-password <email> [--password <password>]
 * Without --password a strong password is generated and printed once.
 */
import { z } from 'zod';
import { upsertAdmin } from '../src/adapters/auth-local/accounts.ts';
import { generatePassword } from '../src/adapters/auth-local/passwords.ts';
import { createContainer } from '../src/server/container.ts';
import { argValue, loadEnvOrExit } from './cli.ts';

const [command, email] = process.argv.slice(2);
const given = argValue(process.argv, '--password');
if ((command !== 'create' && command !== 'reset-password') || !z.email().safeParse(email).success) {
  console.error(
    'Usage: npm run admin -- create|reset-password <email> [--password <at least 12 characters>]',
  );
  process.exit(1);
}
if (given !== undefined && given.length < 12) {
  console.error('The password needs at least 12 characters.');
  process.exit(1);
}
const container = createContainer(loadEnvOrExit());
const exists = await container.engine.db
  .selectFrom('admin_users')
  .select('id')
  .where('email', '=', String(email).toLowerCase())
  .executeTakeFirst();
if (command === 'reset-password' && !exists) {
  console.error(`No admin account ${email}. Create it with: npm run admin -- create ${email}`);
  process.exit(1);
}
const password = given ?? generatePassword();
await upsertAdmin(container.engine, String(email), password);
console.info(
  `${command === 'create' ? 'Admin ready' : 'Password changed'}: ${email}${given ? '' : ` / ${password}`}`,
);
container.close();
