import { countAdmins, upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { generatePassword } from '../../src/adapters/auth-local/passwords.ts';
import type { Container } from '../../src/server/container.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Makes sure the shop has an admin. ADMIN_EMAIL / ADMIN_PASSWORD from the environment always win;
 * otherwise the first start creates admin@example.com with a generated password, shown once.
 */
export async function ensureAdmin(container: Container): Promise<{ email: string; password: string | null }> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = container.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    await upsertAdmin(container.database, ADMIN_EMAIL, ADMIN_PASSWORD);
    return { email: ADMIN_EMAIL, password: null };
  }
  if ((await countAdmins(container.database)) > 0)
    return { email: ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL, password: null };
  const email = ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const password = generatePassword();
  await upsertAdmin(container.database, email, password);
  return { email, password };
}
