import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../src/domain/mail/address.ts';

describe('parseAddress', () => {
  it('reads the name and the address of MAIL_FROM', () => {
    expect(parseAddress('CardVault <shop@example.com>')).toEqual({
      name: 'CardVault',
      email: 'shop@example.com',
    });
    expect(parseAddress('"Κάρτες Α.Ε." <info@example.gr>')).toEqual({
      name: 'Κάρτες Α.Ε.',
      email: 'info@example.gr',
    });
    expect(parseAddress('shop@example.com')).toEqual({ name: '', email: 'shop@example.com' });
  });
});
