import type { Auth } from 'firebase-admin/auth';
import { RESET_MESSAGES } from '../../domain/auth/password-reset.ts';
import { AppError } from '../../domain/errors.ts';
import { log } from '../../lib/log.ts';
import type { PasswordResetRequest } from '../../ports/auth.ts';
import { purgeResetRequests, throttleResetRequest } from '../auth-local/reset-requests.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { type PasswordCheck, sendPasswordResetMail } from './identity-toolkit.ts';

/**
 * "Forgotten password" on Firebase Auth (decision 083): Firebase's own reset mail, whose link sets
 * the password on Firebase's page (Firebase then revokes the account's refresh tokens). The request
 * is counted by the same rules as on local accounts (reset-requests.ts), and only a user with the
 * admin claim is mailed: the shop's login page resets no one else's password.
 */
export function createFirebasePasswordResets(
  auth: Auth,
  store: ShopDatabase,
  options: { adminClaim: string; passwordCheck?: PasswordCheck | undefined },
) {
  const sending = new Set<Promise<void>>();

  return {
    async request({ email, clientIp }: PasswordResetRequest): Promise<void> {
      const check = options.passwordCheck;
      // The same for every email: without the web API key the shop cannot ask Firebase to mail.
      if (!check) throw new AppError('unavailable', RESET_MESSAGES.firebaseUnavailable);
      const address = email.trim().toLowerCase();
      await throttleResetRequest(store, address, clientIp);
      const user = await auth.getUserByEmail(address).catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (code !== 'auth/user-not-found') log.warn('Firebase: could not look up a user', { error });
        return null;
      });
      if (!user?.email || user.disabled || user.customClaims?.[options.adminClaim] !== true) return;
      // Sent without waiting for Firebase: the answer takes as long for an admin as for anyone.
      const sent = sendPasswordResetMail(check, user.email)
        .catch((error: unknown) => log.warn('Firebase: the password reset mail was not sent', { error }))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },

    /** Settles the mails still being asked for (before the adapter closes). */
    settled: async () => {
      await Promise.all(sending);
    },

    purge: (now: number) => purgeResetRequests(store, now),
  };
}
