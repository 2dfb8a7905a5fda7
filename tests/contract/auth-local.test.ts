import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { countRows, openTempShop } from '../helpers/temp-shop.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authContract } from './auth.contract.ts';
import { passwordResetContract } from './password-reset.contract.ts';

authContract('local accounts', async () => {
  const shop = openTempShop();
  const { auth, engine } = shop.container;
  await upsertAdmin(engine, ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    auth,
    signIn: (email, password, ip, userAgent) => auth.signIn({ email, password }, ip, userAgent),
    foreignProof: { idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
    // An unknown account costs a password check and counts as a failure, like a wrong password.
    refusedProof: (n) => ({ email: `guess${n}@example.gr`, password: 'a guess' }),
    async expireSessions() {
      engine.sqlite
        .prepare('UPDATE sessions SET expires_at = ?')
        .run(new Date(Date.now() - 1000).toISOString());
    },
    async storedSessionValues() {
      if (countRows(shop.container, 'sessions') === 0) return [];
      const rows = engine.sqlite.prepare('SELECT * FROM sessions').all() as Array<Record<string, unknown>>;
      return rows.flatMap((row) => Object.values(row).map(String));
    },
    close: () => shop.remove(),
  };
});

passwordResetContract('local accounts', async () => {
  const shop = openTempShop();
  await upsertAdmin(shop.container.engine, ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    auth: shop.container.auth,
    // Queued in the outbox with the link, in the transaction that stored the link.
    resetMails: async (email) =>
      (
        shop.container.engine.sqlite
          .prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'password-reset' AND to_address = ?")
          .get(email) as { n: number }
      ).n,
    close: () => shop.remove(),
  };
});
