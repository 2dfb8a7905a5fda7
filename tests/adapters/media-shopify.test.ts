import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShopifyMedia } from '../../src/adapters/media-shopify/index.ts';
import { shopifyClients } from '../contract/shopify-harness.ts';
import { type ShopifyDouble, startShopifyDouble } from '../doubles/shopify/server.ts';
import { recordLogs } from '../helpers/log-lines.ts';
import { rejection } from '../helpers/rejection.ts';

/** Staged uploads' failures and the spec's retries; what every media adapter shares is in the media contract. */
let double: ShopifyDouble;
beforeAll(async () => {
  double = await startShopifyDouble();
});
afterAll(() => double.close());

let waits: number[];
let logs: ReturnType<typeof recordLogs>;
beforeEach(() => {
  double.reset();
  waits = [];
  logs = recordLogs();
});
afterEach(() => logs.stop());

const sleep = async (ms: number) => {
  waits.push(ms);
};
const image = () =>
  sharp({ create: { width: 12, height: 9, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

/** fetch that answers `statuses` (a number, or 'drop' for a lost connection) first, then goes through. */
function flaky(statuses: Array<number | 'drop'>) {
  const calls: string[] = [];
  const send: typeof fetch = async (url, init) => {
    calls.push(String(url));
    const next = statuses.shift();
    if (next === 'drop') throw new TypeError('fetch failed');
    if (next !== undefined) return new Response('no', { status: next });
    return fetch(url, init);
  };
  return { send, calls };
}

describe('images on Shopify (staged uploads)', () => {
  it("says 'Αποτυχία λήψης URLs για ανέβασμα εικόνων' when Shopify gives no upload target", async () => {
    double.failNext({
      api: 'admin',
      operationName: 'AdminStagedUploadsCreate',
      kind: 'userError',
      message: 'quota',
    });
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep });
    const error = await rejection(media.store(await image(), 'front.png'));
    expect(error.message).toBe('Αποτυχία λήψης URLs για ανέβασμα εικόνων: quota');
  });

  it('asks for an IMAGE target by POST with the file name, type and size', async () => {
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep });
    const stored = await media.store(await image(), 'Luka front.png');
    const staged = double.requests.find((request) => request.operationName === 'AdminStagedUploadsCreate');
    expect(staged?.variables).toMatchObject({
      input: [
        {
          resource: 'IMAGE',
          httpMethod: 'POST',
          mimeType: 'image/png',
          filename: expect.stringMatching(/^\d{13}-[a-z0-9]{6}-Luka-front\.png$/),
          fileSize: expect.stringMatching(/^\d+$/),
        },
      ],
    });
    expect(stored.id).toMatch(new RegExp(`^${double.url}/staged/tmp/`));
  });

  it('retries a failed upload twice, 2000 ms and 4000 ms apart, then succeeds', async () => {
    const { send, calls } = flaky([503, 'drop']);
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep, fetch: send });
    await media.store(await image(), 'front.png');
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 4000]);
  });

  it("gives up after the retries with 'Αποτυχία ανεβάσματος εικόνας ... μετά από 2 προσπάθειες'", async () => {
    const { send, calls } = flaky([500, 502, 503, 504]);
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep, fetch: send });
    const error = await rejection(media.store(await image(), 'front.png'));
    expect(error.message).toBe('Αποτυχία ανεβάσματος εικόνας front.png μετά από 2 προσπάθειες');
    expect(calls).toHaveLength(3);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'Shopify: a staged image upload failed',
        file: expect.any(String),
      }),
    );
  });

  it('does not retry an upload the storage refuses (4xx)', async () => {
    const { send, calls } = flaky([403]);
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep, fetch: send });
    const error = await rejection(media.store(await image(), 'front.png'));
    expect(error.message).toBe('Αποτυχία ανεβάσματος εικόνων: HTTP 403');
    expect(calls).toHaveLength(1);
  });

  it('reads nothing back: Shopify serves the images', async () => {
    const media = createShopifyMedia(shopifyClients(double).admin, { sleep });
    expect(await media.read('anything.png')).toBeNull();
    expect(await media.readVariant('anything.png', 320)).toBeNull();
  });
});
