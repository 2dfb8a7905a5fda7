import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  describeUserAgent,
  passwordChangeErrors,
} from '../../../src/domain/admin/account-form.ts';

describe('passwordChangeErrors', () => {
  const valid = {
    currentPassword: 'old password 1',
    newPassword: 'new password 12',
    confirmPassword: 'new password 12',
  };

  it('accepts a complete change', () => {
    expect(passwordChangeErrors(valid)).toEqual({});
  });

  it('names each problem in Greek', () => {
    expect(
      passwordChangeErrors({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' }),
    ).toEqual({
      currentPassword: ACCOUNT_MESSAGES.currentRequired,
      newPassword: 'Ο νέος κωδικός πρέπει να έχει τουλάχιστον 12 χαρακτήρες.',
      confirmPassword: 'Οι δύο νέοι κωδικοί δεν ταιριάζουν.',
    });
    expect(
      passwordChangeErrors({
        ...valid,
        newPassword: valid.currentPassword,
        confirmPassword: valid.currentPassword,
      }),
    ).toEqual({ newPassword: ACCOUNT_MESSAGES.newSame });
    const long = 'x'.repeat(1025);
    expect(passwordChangeErrors({ ...valid, newPassword: long, confirmPassword: long })).toEqual({
      newPassword: ACCOUNT_MESSAGES.newTooLong,
    });
  });

  it('counts characters, not bytes (a Greek passphrase of 12 letters is enough)', () => {
    const greek = 'αβγδεζηθικλμ';
    expect(passwordChangeErrors({ ...valid, newPassword: greek, confirmPassword: greek })).toEqual({});
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      'Chrome σε Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1',
      'Safari σε iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge σε Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox σε Linux'],
    ['curl/8.5.0', 'Πρόγραμμα περιήγησης'],
    ['', 'Άγνωστη συσκευή'],
  ])('%s -> %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
