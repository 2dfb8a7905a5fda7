import { describe, expect, it } from 'vitest';
import {
  generatePassword,
  hashPassword,
  PASSWORD_COST,
  verifyPassword,
} from '../../../src/adapters/auth-local/passwords.ts';

describe('hashPassword and verifyPassword', () => {
  it('stores scrypt parameters, a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct horse battery', PASSWORD_COST);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so two hashes of one password differ and both verify', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword('same password', first)).toBe(true);
    expect(await verifyPassword('same password', second)).toBe(true);
  });

  it('treats Unicode forms of one password alike (NFKC)', async () => {
    const composed = 'Κωδικός-ασφαλείας';
    const stored = await hashPassword(composed.normalize('NFC'));
    expect(await verifyPassword(composed.normalize('NFD'), stored)).toBe(true);
  });

  it('refuses malformed stored hashes', async () => {
    const good = await hashPassword('secret');
    const [, cost, block, parallel, salt, key] = good.split('$');
    const malformed = [
      '',
      'garbage',
      'scrypt$$$$$',
      `bcrypt$${cost}$${block}$${parallel}$${salt}$${key}`,
      `scrypt$${cost}$${block}$${parallel}$$${key}`,
      `scrypt$${cost}$${block}$${parallel}$${salt}$`,
      `scrypt$${cost}$${block}$${parallel}$${salt}$${key?.slice(0, 40)}`,
    ];
    for (const stored of malformed) expect(await verifyPassword('secret', stored), stored).toBe(false);
  });

  it('refuses a stored hash whose scrypt parameters are not usable', async () => {
    const good = await hashPassword('secret');
    const [, , block, parallel, salt, key] = good.split('$');
    await expect(verifyPassword('secret', `scrypt$abc$${block}$${parallel}$${salt}$${key}`)).resolves.toBe(
      false,
    );
    await expect(verifyPassword('secret', `scrypt$3$${block}$${parallel}$${salt}$${key}`)).resolves.toBe(
      false,
    );
  });
});

describe('generatePassword', () => {
  const UNAMBIGUOUS = '[a-km-np-zA-HJ-NP-Z2-9]{5}';

  it('gives 4 dash-separated groups of 5 unambiguous characters', () => {
    const pattern = new RegExp(`^${UNAMBIGUOUS}(-${UNAMBIGUOUS}){3}$`);
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(23);
      expect(password).toMatch(pattern);
    }
  });

  it('gives a different password each time', () => {
    const passwords = new Set(Array.from({ length: 500 }, generatePassword));
    expect(passwords.size).toBe(500);
  });
});
