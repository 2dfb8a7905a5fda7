import type { ShopDatabase } from '../database/shop-database.ts';
import { clearThrottle } from './attempts.ts';
import { hashPassword } from './passwords.ts';

/**
 * Account management for the command line (seed, `npm run admin`), in the shop's database,
 * SQLite or PostgreSQL; the hosted auth service manages its own users, so this is not part of
 * the auth port.
 */
export async function upsertAdmin(store: ShopDatabase, email: string, password: string): Promise<void> {
  const address = email.toLowerCase();
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(password);
  // One transaction: the new password, the lifted throttle and the ended sessions go together.
  await store.transaction(async (trx) => {
    await trx
      .insertInto('admin_users')
      .values({ email: address, password_hash: passwordHash, created_at: now, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('email').doUpdateSet({ password_hash: passwordHash, updated_at: now }),
      )
      .execute();
    // A new password lifts the sign-in throttle of the account (decision 077)…
    await clearThrottle(trx, address);
    // …and ends every session of that account.
    await trx
      .deleteFrom('sessions')
      .where('user_id', 'in', trx.selectFrom('admin_users').select('id').where('email', '=', address))
      .execute();
  });
}

export async function countAdmins({ db }: ShopDatabase): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
