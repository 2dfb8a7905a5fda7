import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESET_LIMITS } from '../../src/adapters/auth-local/throttle.ts';
import { RESET_MESSAGES, RESET_PAGE } from '../../src/domain/auth/password-reset.ts';
import type { AuthPort } from '../../src/ports/auth.ts';
import { ADMIN_EMAIL } from './auth.contract.ts';

const IP = '203.0.113.8';
const UNKNOWN = 'nobody@example.gr';
const RESET_URL = `https://shop.example.gr${RESET_PAGE}`;

/** One auth backend with one admin (auth.contract.ts's ADMIN_EMAIL), and where its reset mails go. */
export type ResetHarness = {
  auth: AuthPort;
  /** How many password reset mails went to `email` in this test (Firebase's a moment later). */
  resetMails(email: string): Promise<number>;
  close(): Promise<void> | void;
};

/**
 * "Forgotten password" as every auth adapter offers it (decision 083): one answer whatever the
 * email, a mail only to an admin, and requests counted per account and address before any work.
 * Setting the password with the link is the local accounts' own (Firebase's link opens Firebase's
 * page): tests/adapters/auth-local/password-reset.test.ts.
 */
export function passwordResetContract(backend: string, open: () => Promise<ResetHarness>): void {
  describe(`auth port contract: forgotten password (${backend})`, () => {
    let harness: ResetHarness;
    const ask = (email: string, clientIp = IP) =>
      harness.auth.requestPasswordReset({ email, clientIp, resetPage: RESET_URL });

    beforeEach(async () => {
      harness = await open();
    });

    afterEach(async () => {
      await harness.close();
    });

    it('answers the same for an admin and an unknown email, and mails only the admin', async () => {
      await expect(ask(ADMIN_EMAIL.toUpperCase())).resolves.toBeUndefined();
      await expect(ask(UNKNOWN)).resolves.toBeUndefined();
      await expect.poll(() => harness.resetMails(ADMIN_EMAIL)).toBe(1);
      expect(await harness.resetMails(UNKNOWN)).toBe(0);
    });

    it('holds 40 parallel requests for one account from one address to the limit, admin or not', async () => {
      for (const email of [ADMIN_EMAIL, UNKNOWN]) {
        const results = await Promise.allSettled(Array.from({ length: 40 }, () => ask(email)));
        const refused = results.filter((result) => result.status === 'rejected');
        expect(results.length - refused.length).toBe(RESET_LIMITS.pair);
        for (const result of refused)
          expect(result.reason).toMatchObject({ kind: 'rate_limited', message: RESET_MESSAGES.tooMany });
      }
      await expect.poll(() => harness.resetMails(ADMIN_EMAIL)).toBe(RESET_LIMITS.pair);
    });

    it('refuses to set a password with a token it never mailed, naming the link', async () => {
      await expect(harness.auth.resetPassword('no-such-token', 'a brand new password')).rejects.toMatchObject(
        {
          kind: 'invalid',
          fields: { token: expect.any(String) },
        },
      );
    });
  });
}
