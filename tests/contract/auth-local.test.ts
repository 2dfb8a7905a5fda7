import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { DATABASES } from '../helpers/databases.ts';
import { localAuth, outboxMails } from '../helpers/local-auth.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, authContract } from './auth.contract.ts';
import { passwordResetContract } from './password-reset.contract.ts';

// One adapter on both of the shop's databases (decision 093).
for (const [name, openDatabase] of DATABASES) {
  authContract(`local accounts on ${name}`, async () => {
    const database = await openDatabase();
    const { store } = database;
    const auth = localAuth(store);
    await upsertAdmin(store, ADMIN_EMAIL, ADMIN_PASSWORD);
    return {
      auth,
      signIn: (email, password, ip, userAgent) => auth.signIn({ email, password }, ip, userAgent),
      foreignProof: { idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' },
      // An unknown account costs a password check and counts as a failure, like a wrong password.
      refusedProof: (n) => ({ email: `guess${n}@example.gr`, password: 'a guess' }),
      async expireSessions() {
        await store.db
          .updateTable('sessions')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
      },
      async storedSessionValues() {
        const rows = await store.db.selectFrom('sessions').selectAll().execute();
        return rows.flatMap((row) => Object.values(row).map(String));
      },
      close: database.close,
    };
  });

  passwordResetContract(`local accounts on ${name}`, async () => {
    const database = await openDatabase();
    const { store } = database;
    await upsertAdmin(store, ADMIN_EMAIL, ADMIN_PASSWORD);
    return {
      auth: localAuth(store),
      // Queued in the outbox with the link, in the transaction that stored the link.
      resetMails: async (email) =>
        (await outboxMails(store, 'password-reset')).filter((mail) => mail.to_address === email).length,
      close: database.close,
    };
  });
}
