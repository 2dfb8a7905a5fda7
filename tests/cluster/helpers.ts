import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Requests as shoppers behind a CDN in front of the cluster's nginx send them: each from an
 * address of its own (X-Forwarded-For, which nginx extends; the instances run with TRUST_PROXY=2),
 * so the per-address limits count each shopper apart, as they do in production.
 */
export function client(base: string, address: string) {
  const headers = (cookie = '') => ({
    'content-type': 'application/json',
    origin: base,
    'x-forwarded-for': address,
    ...(cookie ? { cookie } : {}),
  });
  return {
    get: (path: string, cookie = '') =>
      fetch(`${base}${path}`, { headers: headers(cookie), signal: AbortSignal.timeout(20_000) }),
    post: (path: string, body: unknown, cookie = '') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: headers(cookie),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      }),
  };
}

/** The first cookie a response sets, as a Cookie header. */
export const cookieOf = (response: Response) =>
  (response.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');

/** A shopper's address: one per shopper and order, in 10.0.0.0/8. */
export const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Resolves once `check` answers true, looking every `everyMs`; rejects after `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** One order placed the way the checkout page places it: a cart line, then the order. */
export async function placeOrder(
  base: string,
  shopper: number,
  variantId: string,
  quantity: number,
): Promise<{ status: number; number: string | null; email: string }> {
  const http = client(base, addressOf(shopper));
  const added = await http.post('/api/cart/lines', { merchandiseId: variantId, quantity });
  const email = `buyer${shopper}@example.gr`;
  if (added.status !== 200) return { status: added.status, number: null, email };
  const placed = await http.post(
    '/api/orders',
    {
      name: `Αγοραστής ${shopper}`,
      email,
      phone: '6912345678',
      delivery: { method: 'pickup' },
      payment: 'bank_transfer',
      notes: '',
      idempotencyKey: `cluster-${shopper}-0123456789abcdef`,
    },
    cookieOf(added),
  );
  const body = (await placed.json().catch(() => null)) as { order?: { number: string } } | null;
  return { status: placed.status, number: body?.order?.number ?? null, email };
}

/**
 * The dashboard's product form for a card of an Olympiacos player (the form's rule: the title
 * names a player of the team), as POST /api/admin/products takes it.
 */
export const cardForm = (title: string, quantity: number, mediaIds: string[] = []) => ({
  title,
  price: '12,50',
  team: 'Olympiacos',
  quantity: String(quantity),
  descriptionEnabled: false,
  descriptionHtml: '',
  mediaIds,
});

/**
 * Waits until each instance's home page shows `title` (its "recently added" is in the instance's
 * own static build, decision 096) and answers the seconds each took since `saved`.
 */
export function secondsUntilLive(
  instances: ReadonlyArray<{ id: string; url: string }>,
  title: string,
  saved: number,
): Promise<string[]> {
  return Promise.all(
    instances.map(async ({ id, url }) => {
      await eventually(
        `${id} shows the new product`,
        async () => (await (await fetch(`${url}/`)).text()).includes(title),
        180_000,
      );
      return ((performance.now() - saved) / 1000).toFixed(1);
    }),
  );
}
