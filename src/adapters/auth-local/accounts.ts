import type { Engine } from '../sqlite/database.ts';
import { clearThrottle } from './attempts.ts';
import { hashPassword } from './passwords.ts';

/**
 * Account management for the command line (seed, `npm run admin`); the hosted auth service
 * manages its own users, so this is not part of the auth port.
 */
export async function upsertAdmin(engine: Engine, email: string, password: string): Promise<void> {
  const { db } = engine;
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(password);
  await db
    .insertInto('admin_users')
    .values({ email: email.toLowerCase(), password_hash: passwordHash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({ password_hash: passwordHash, updated_at: now }),
    )
    .execute();
  // A new password lifts the sign-in throttle of the account (decision 077)…
  await clearThrottle(engine, email);
  // …and ends every session of that account.
  await db
    .deleteFrom('sessions')
    .where(
      'user_id',
      'in',
      db.selectFrom('admin_users').select('id').where('email', '=', email.toLowerCase()),
    )
    .execute();
}

export async function countAdmins({ db }: Engine): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
