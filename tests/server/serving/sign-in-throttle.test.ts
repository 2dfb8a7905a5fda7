import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir, type ShopServer, startServer } from '../../helpers/shop-server.ts';

/**
 * The sign-in throttle as an attacker meets it (unknown accounts are held like the admin's, so
 * each test aims at its own and the counts do not add up across tests) (issue 27, decision 077): parallel POST
 * /api/session against the real server with its workers, the client's address given by a trusted
 * proxy's X-Forwarded-For. Each test prints its counts of 401 and 429.
 */
const EMAIL = 'owner@example.gr';
const PASSWORD = 'correct horse battery staple';
let server: ShopServer;

beforeAll(async () => {
  server = await startServer(await prepareDataDir(), {
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: 'true',
  });
}, 240_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
});

function signIn(email: string, password: string, from: string, cookie = '') {
  return fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-forwarded-for': from,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
}

async function statuses(requests: Array<Promise<Response>>): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const response of await Promise.all(requests)) {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    await response.body?.cancel();
  }
  return counts;
}

describe('parallel sign-in attempts through the server', () => {
  it('40 wrong passwords for one account from one address: 5 are checked', async () => {
    const counts = await statuses(
      Array.from({ length: 40 }, (_, n) => signIn('one@example.gr', `wrong ${n}`, '203.0.113.10')),
    );
    console.info('one account, one address, 40 in parallel:', counts);
    expect(counts).toEqual({ 401: 5, 429: 35 });
  });

  it('150 wrong passwords from one address over many accounts: 30 are checked', async () => {
    const counts = await statuses(
      Array.from({ length: 150 }, (_, n) => signIn(`guess${n}@example.gr`, 'wrong', '203.0.113.11')),
    );
    console.info('one address, 150 in parallel:', counts);
    expect(counts).toEqual({ 401: 30, 429: 120 });
  });

  it('40 wrong passwords from 40 addresses of one IPv6 /64: 5 are checked', async () => {
    const counts = await statuses(
      Array.from({ length: 40 }, (_, n) =>
        signIn('three@example.gr', 'wrong', `2001:db8:5:5:${(n + 1).toString(16)}::1`),
      ),
    );
    console.info('one account, one /64, 40 in parallel:', counts);
    expect(counts).toEqual({ 401: 5, 429: 35 });
  });

  it('after 5 wrong passwords from one address, the right one from another signs in', async () => {
    const attacker = '198.51.100.20';
    const wrong = await statuses(Array.from({ length: 5 }, () => signIn(EMAIL, 'wrong', attacker)));
    const right = await signIn(EMAIL, PASSWORD, '192.0.2.20');
    console.info('lock-out: 5 wrong from one address, then the right one from another:', wrong, right.status);
    expect(right.status).toBe(200);
    expect(right.headers.getSetCookie().some((cookie) => cookie.startsWith('shop_admin_device='))).toBe(true);
  });
});
