import { describe, expect, it } from 'vitest';
import { firebaseLoginMessage, LOGIN_MESSAGES } from '../../src/domain/auth/login-messages.ts';

describe('firebaseLoginMessage (spec section 8)', () => {
  it.each([
    ['auth/invalid-credential', LOGIN_MESSAGES['invalid-credential']],
    ['auth/invalid-login-credentials', LOGIN_MESSAGES['invalid-credential']],
    ['auth/user-not-found', LOGIN_MESSAGES['user-not-found']],
    ['auth/wrong-password', LOGIN_MESSAGES['wrong-password']],
    ['auth/too-many-requests', LOGIN_MESSAGES['too-many-requests']],
  ])('gives %s its Greek message', (code, message) => {
    expect(firebaseLoginMessage(code, 'Firebase: Error.')).toBe(message);
  });

  it("prefixes any other code's provider message with 'Σφάλμα σύνδεσης: '", () => {
    expect(
      firebaseLoginMessage('auth/network-request-failed', 'Firebase: Error (auth/network-request-failed).'),
    ).toBe('Σφάλμα σύνδεσης: Firebase: Error (auth/network-request-failed).');
    expect(firebaseLoginMessage('', 'boom')).toBe('Σφάλμα σύνδεσης: boom');
  });
});
