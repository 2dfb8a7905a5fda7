import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { prepareDataDir, type ShopServer, startServer } from '../helpers/shop-server.ts';

/**
 * The fuzz test: thousands of malformed requests, generated from a fixed seed, over every API
 * endpoint (found from the files under src/pages/api, so a new one is fuzzed without editing
 * this test), with and without an admin session, against a real server. No answer may be a 5xx,
 * nothing may be written, and every error message a person could see must be Greek.
 */
const SEED = 20261123;
const REQUESTS = 5200;
const CONCURRENCY = 8;
const ADMIN = { email: 'fuzz-admin@example.gr', password: 'fuzz admin password 1' };

const GREEK = /[\u0370-\u03ff]/;
const ENGLISH_DEFAULTS = /Too small|Too big|expected|Invalid input|Required|must be|Unrecognized/i;

type Endpoint = { route: string; methods: string[]; params: string[] };

/** Every /api route with the methods it exports, from the files themselves. */
function endpoints(): Endpoint[] {
  const pages = path.resolve(import.meta.dirname, '../../src/pages');
  const found: Endpoint[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) {
        const route = `/${path.relative(pages, full)}`.replace(/\.ts$/, '').replace(/\/index$/, '');
        const source = fs.readFileSync(full, 'utf8');
        const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
          (match) => match[1] ?? '',
        );
        found.push({
          route,
          methods,
          params: [...route.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1] ?? ''),
        });
      }
    }
  };
  visit(path.join(pages, 'api'));
  return found;
}

/** Route segments that no real entity has: traversal, encodings, huge and odd numbers, unicode. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '..%5C..%5Cshop.db',
    '%2e%2e%2f%2e%2e%2fshop.db',
    '....//....//etc/passwd',
    '%00',
    '%',
    '%ZZ',
    '%C0%AE%C0%AE%2F',
    encodeURIComponent('gid://shop/Product/99999999999999999999999'),
    encodeURIComponent('gid://shop/Product/-1'),
    encodeURIComponent('gid://shop/ProductVariant/0'),
    encodeURIComponent('gid://shop/Order/1e309'),
    encodeURIComponent('gid://evil/Product/1/../../2'),
    '999999999999999999999',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    encodeURIComponent('\u202e\u0000💥'),
    encodeURIComponent('ａｄｍｉｎ'),
    'x'.repeat(3000),
    'mystery-packs%00',
    'Olympiacos%2F..%2F..',
  ),
  fc
    .string({ unit: 'binary', maxLength: 40 })
    .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))),
);

/** Values of the wrong type, out of range or otherwise hostile; no valid entity, email or product. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    5e-324,
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u200b\ufeff',
    '💥🃏🏀',
    'Ω≈ç√∫˜µ≤≥÷',
    'ﷺ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    [],
    {},
    [1, 2, 3],
    { $ne: null },
    { __proto__: { polluted: true } },
    'x'.repeat(20_000),
    'α'.repeat(5_001),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 200 }),
);

const FIELDS = [
  'email',
  'password',
  'name',
  'message',
  'website',
  'elapsedMs',
  'quantity',
  'merchandiseId',
  'lineId',
  'lineIds',
  'status',
  'read',
  'title',
  'price',
  'team',
  'mediaIds',
  'descriptionEnabled',
  'descriptionHtml',
  'teamName',
  'playerName',
  'categoryId',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'delivery',
  'payment',
  'phone',
  'notes',
  'idempotencyKey',
  'constructor',
];

const INVALID_JSON = [
  '{"quantity": NaN}',
  '{"quantity": Infinity}',
  '{"merchandiseId": "a", "quantity": 1,}',
  "{'email': 'x'}",
  '{"email": "\\ud800"',
  '{"a":',
  '[',
  '['.repeat(5000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__": {"isAdmin": true}}',
  'null',
  'true',
  '0',
  '""',
  '',
  '\u0000\u0001\u0002',
  '\ufeff{}',
  '<xml><a>1</a></xml>',
  'email=a%40b.c&password=x',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="../../a.php"\r\n\r\n<?php ?>\r\n--x--',
];

const body = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INVALID_JSON) },
  {
    weight: 5,
    arbitrary: fc
      .dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 })
      .map((value) => JSON.stringify(value)),
  },
  { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'undefined') },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 17_000, max: 80_000 }).map((size) => `{"message":"${'μ'.repeat(size)}"}`),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  },
);

const query = fc.option(
  fc
    .dictionary(
      fc.constantFrom(
        'q',
        'page',
        'pageSize',
        'sort',
        'sport',
        'status',
        'search',
        'category',
        'team',
        'min',
        'max',
        'w',
      ),
      fc.oneof(hostileSegment, fc.constantFrom('-1', '0', '1e309', 'NaN', '[]', '{}', 'x'.repeat(5000))),
      { maxKeys: 4 },
    )
    .map((params) =>
      Object.entries(params)
        .map(([key, value]) => `${key}=${value}`)
        .join('&'),
    ),
  { nil: '' },
);

type Request = {
  method: string;
  path: string;
  contentType: string | null;
  origin: 'same' | 'none' | 'null' | 'evil';
  admin: boolean;
  cartCookie: string | null;
  body: string | null;
};

/**
 * Bodyless actions are not input: with a session they would just do their job (sign out, rebuild,
 * queue a test mail).
 */
const ACTIONS_WITHOUT_INPUT = new Set([
  'DELETE /api/session',
  'POST /api/admin/storefront',
  'POST /api/admin/outbox/test',
  'DELETE /api/admin/account/sessions',
]);

function requests(list: Endpoint[]): Request[] {
  const request = fc
    .record({
      endpoint: fc.constantFrom(...list),
      methodPick: fc.oneof(
        { weight: 4, arbitrary: fc.constant('own') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'),
        },
      ),
      ownIndex: fc.nat(),
      segments: fc.array(hostileSegment, { minLength: 3, maxLength: 3 }),
      query,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        null,
      ),
      origin: fc.constantFrom('same', 'same', 'same', 'same', 'none', 'null', 'evil'),
      admin: fc.boolean(),
      cartCookie: fc.option(fc.constantFrom('A'.repeat(32), 'garbage', '../../x', '%00'), { nil: null }),
      body,
    })
    .map(
      ({
        endpoint,
        methodPick,
        ownIndex,
        segments,
        query,
        contentType,
        origin,
        admin,
        cartCookie,
        body,
      }): Request => {
        const own = endpoint.methods[ownIndex % Math.max(1, endpoint.methods.length)] ?? 'GET';
        const method = methodPick === 'own' ? own : methodPick;
        let index = 0;
        const route = endpoint.route.replace(/\[[^\]]+\]/g, () => segments[index++] ?? 'x');
        const withBody = !['GET', 'HEAD', 'TRACE'].includes(method);
        return {
          method,
          path: `${route}${query ? `?${query}` : ''}`,
          contentType: withBody ? contentType : null,
          origin,
          admin: admin && !ACTIONS_WITHOUT_INPUT.has(`${method} ${endpoint.route}`),
          cartCookie,
          body: withBody ? body : null,
        };
      },
    );
  return fc.sample(request, { seed: SEED, numRuns: REQUESTS });
}

/** A raw HTTP request (no URL normalisation: traversal reaches the server as sent). */
function send(server: ShopServer, agent: http.Agent, request: Request, session: string) {
  const { port } = new URL(server.url);
  const cookies = [
    request.admin ? `shop_admin_session=${session}` : '',
    request.cartCookie ? `shop_cart=${request.cartCookie}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (cookies) headers.cookie = cookies;
  if (request.origin === 'same') headers.origin = server.url;
  if (request.origin === 'null') headers.origin = 'null';
  if (request.origin === 'evil') headers.origin = 'https://evil.example';
  const payload = request.body === null ? null : Buffer.from(request.body);
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise<{ status: number; contentType: string; text: string }>((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.setTimeout(30_000, () =>
      outgoing.destroy(new Error(`timeout: ${request.method} ${request.path.slice(0, 80)}`)),
    );
    outgoing.end(payload ?? undefined);
  });
}

/** Every table's rows, except the rate-limit log (counting bad posts is its job). */
function snapshot(dataDir: string) {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
  try {
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as Array<{
        name: string;
      }>
    )
      .map((row) => row.name)
      .filter((name) => name !== 'rate_limit_hits')
      .sort();
    return Object.fromEntries(
      tables.map((name) => {
        // A session's last use is bookkeeping of the session itself, not a write by the request.
        const columns = name === 'sessions' ? 'token_hash, user_id, created_at, expires_at, public_id' : '*';
        const rows = db
          .prepare(`SELECT ${columns} FROM "${name}"`)
          .all()
          .map((row) => JSON.stringify(row));
        return [name, rows.sort()];
      }),
    );
  } finally {
    db.close();
  }
}

let server: ShopServer | null = null;
let dataDir = '';

afterAll(async () => {
  await server?.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the API under malformed requests', () => {
  it('never answers 5xx, writes nothing, and speaks Greek', { timeout: 600_000 }, async () => {
    dataDir = await prepareDataDir();
    const setup = createContainer(parseEnv({ DATA_DIR: dataDir }));
    try {
      await upsertAdmin(setup.database, ADMIN.email, ADMIN.password);
    } finally {
      setup.close();
    }
    server = await startServer(dataDir);
    const signIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    const session = /shop_admin_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(session).not.toBe('');

    const list = endpoints();
    expect(list.length).toBeGreaterThanOrEqual(20);
    const all = requests(list);
    const before = snapshot(dataDir);

    const byClass: Record<string, number> = {};
    const failures: string[] = [];
    const english: string[] = [];
    let withSession = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < all.length) {
          const request = all[next++] as Request;
          if (request.admin) withSession += 1;
          let response: Awaited<ReturnType<typeof send>>;
          try {
            response = await send(server as ShopServer, agent, request, session);
          } catch (error) {
            failures.push(
              `${String(error)} ${request.method} ${request.path.slice(0, 120)} ${JSON.stringify(request).slice(0, 300)}`,
            );
            continue;
          }
          const statusClass = `${Math.floor(response.status / 100)}xx`;
          byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
          if (response.status >= 500 || response.status < 100)
            failures.push(
              `${response.status} ${request.method} ${request.path.slice(0, 120)} ${request.body?.slice(0, 120)}`,
            );
          if (
            response.status >= 400 &&
            request.method !== 'HEAD' &&
            response.contentType.startsWith('application/json')
          ) {
            let error: { message?: string; fields?: Record<string, string> } | undefined;
            try {
              error = (JSON.parse(response.text) as { error?: typeof error }).error;
            } catch {
              failures.push(`unreadable JSON error: ${request.method} ${request.path.slice(0, 120)}`);
            }
            for (const text of [error?.message ?? '', ...Object.values(error?.fields ?? {})]) {
              if (/^\d+$/.test(text)) continue; // retryAfterSeconds
              if (!GREEK.test(text) || ENGLISH_DEFAULTS.test(text))
                english.push(`${request.method} ${request.path.split('?')[0]}: ${text}`);
            }
          }
        }
      }),
    );
    agent.destroy();
    const after = snapshot(dataDir);

    const changed = Object.keys(before).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    console.info(
      `[fuzz test] ${all.length} malformed requests over ${list.length} API routes (${withSession} with an admin session): ` +
        `${Object.entries(byClass)
          .sort()
          .map(([key, count]) => `${key} ${count}`)
          .join(
            ', ',
          )}; tables written: ${changed.length === 0 ? 'none' : changed.join(', ')}; non-Greek messages: ${english.length}`,
    );
    if (failures.length > 0) console.error(`Server output (tail):\n${server.output().slice(-6000)}`);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
    expect([...new Set(english)]).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(5000);
    // The server stayed up and well.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Its log is JSON lines with request ids, and holds neither the password nor the session.
    const lines = server.output().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(all.length);
    for (const line of lines) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
    expect(lines.filter((line) => line.includes('"requestId"')).length).toBeGreaterThanOrEqual(all.length);
    expect(server.output()).not.toContain(ADMIN.password);
    expect(server.output()).not.toContain(session);
    expect(server.output()).not.toContain(ADMIN.email);
  });
});
