import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../src/domain/admin/account-form.ts';
import {
  forgotEmailError,
  forgotRequestSchema,
  newPasswordErrors,
  RESET_MESSAGES,
} from '../../../src/domain/auth/password-reset.ts';
import { passwordResetMail } from '../../../src/domain/auth/password-reset-mail.ts';

describe('newPasswordErrors', () => {
  it('follows the password change: 12 to 1024 characters, typed twice alike', () => {
    expect(newPasswordErrors({ newPassword: 'twelve chars', confirmPassword: 'twelve chars' })).toEqual({});
    expect(newPasswordErrors({ newPassword: 'short', confirmPassword: 'other' })).toEqual({
      newPassword: ACCOUNT_MESSAGES.newTooShort,
      confirmPassword: ACCOUNT_MESSAGES.mismatch,
    });
    const long = 'x'.repeat(1025);
    expect(newPasswordErrors({ newPassword: long, confirmPassword: long })).toEqual({
      newPassword: ACCOUNT_MESSAGES.newTooLong,
    });
    // Characters, not UTF-16 units: 12 Greek letters with accents are enough.
    expect(newPasswordErrors({ newPassword: 'ά'.repeat(12), confirmPassword: 'ά'.repeat(12) })).toEqual({});
  });
});

describe('the request form', () => {
  it('asks for an email in email form, with Greek messages', () => {
    expect(forgotEmailError('')).toBe(RESET_MESSAGES.emailRequired);
    expect(forgotEmailError('not an email')).toBe(RESET_MESSAGES.emailInvalid);
    expect(forgotEmailError(' owner@example.gr ')).toBeUndefined();
    expect(forgotRequestSchema.parse({ email: ' owner@example.gr ' })).toEqual({ email: 'owner@example.gr' });
  });
});

describe('passwordResetMail', () => {
  it('holds the link, the 30 minutes in Athens time, and what to do if the owner did not ask', () => {
    const link = 'https://shop.example.gr/admin-reset-password?token=abc';
    const mail = passwordResetMail(link, new Date('2026-07-01T09:30:00Z'));
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('30 λεπτά');
    expect(mail.text).toMatch(/12:30/);
    expect(mail.text).toContain('Αν δεν το ζητήσατε εσείς');
  });
});
