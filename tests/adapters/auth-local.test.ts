import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { LOGIN_MESSAGES } from '../../src/domain/messages.ts';
import { AppError } from '../../src/ports/errors.ts';
import type { Container } from '../../src/server/container.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
const IP = '203.0.113.7';

let shop: TempShop;
let auth: Container['auth'];

beforeEach(async () => {
  shop = openTempShop();
  auth = shop.container.auth;
  await upsertAdmin(shop.container.engine, EMAIL, PASSWORD);
});

afterEach(() => {
  shop.remove();
});

async function signInError(email: string, password: string, ip = IP): Promise<AppError> {
  try {
    await auth.signIn({ email, password }, ip);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`sign-in of ${email} succeeded`);
}

function sql(statement: string, ...params: unknown[]) {
  return shop.container.engine.sqlite.prepare(statement).run(...params);
}

// The port's behaviour is proven by tests/contract/auth-local.test.ts; these check the local rules.
describe('signIn', () => {
  it('refuses malformed credentials as invalid', async () => {
    const error = await signInError('not-an-email', PASSWORD);
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(LOGIN_MESSAGES['invalid-credential']);
    expect((await signInError(EMAIL, '')).kind).toBe('invalid');
  });

  it('locks the account after 5 failures, even against the right password', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signInError(EMAIL, `wrong ${attempt}`)).kind).toBe('unauthorized');
    }
    const error = await signInError(EMAIL, PASSWORD);
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe(LOGIN_MESSAGES['too-many-requests']);
    // Also from another address, and in another case: the lock is on the account.
    expect((await signInError('OWNER@example.gr', PASSWORD, '198.51.100.1')).kind).toBe('rate_limited');
    expect(countRows(shop.container, 'sessions')).toBe(0);
  });

  it('lets 4 failures pass, and a success resets the count', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await signInError(EMAIL, 'wrong');
    await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
    for (let attempt = 1; attempt <= 4; attempt += 1) await signInError(EMAIL, 'wrong');
    await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
  });

  it('lifts the account lock once it has run out', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await signInError(EMAIL, 'wrong');
    expect((await signInError(EMAIL, PASSWORD)).kind).toBe('rate_limited');
    sql('UPDATE login_attempts SET created_at = ?', new Date(Date.now() - 2 * 60_000).toISOString());
    await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
  });

  it('forgets address failures older than the 15 minute window', async () => {
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    for (let n = 0; n < 40; n += 1) {
      sql(
        'INSERT INTO login_attempts (email, ip, succeeded, created_at) VALUES (?, ?, 0, ?)',
        `guess${n}@example.gr`,
        IP,
        old,
      );
    }
    await expect(auth.signIn({ email: EMAIL, password: PASSWORD }, IP)).resolves.toHaveProperty('token');
  });
});

describe('sessions', () => {
  it('ends every session of an account when its password changes', async () => {
    const session = await auth.signIn({ email: EMAIL, password: PASSWORD }, IP);
    await upsertAdmin(shop.container.engine, EMAIL, 'a brand new password');
    expect(await auth.verifySession(session.token)).toBeNull();
    expect((await signInError(EMAIL, PASSWORD)).kind).toBe('unauthorized');
    await expect(auth.signIn({ email: EMAIL, password: 'a brand new password' }, IP)).resolves.toHaveProperty(
      'token',
    );
    expect(countRows(shop.container, 'admin_users')).toBe(1);
  });
});
