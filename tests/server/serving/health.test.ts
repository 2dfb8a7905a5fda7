import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GET } from '../../../src/pages/api/health.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

const health = async () => {
  const response = await GET({ locals: { container: shop.container } } as unknown as APIContext);
  return { status: response.status, body: await response.json() };
};

const MAIL = { kind: 'contact-message', to: 'shop@example.com', subject: 'Θέμα', text: 'Κείμενο' } as const;

describe('GET /api/health', () => {
  it('reports the database, the outbox backlog and the build state', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: {
        ok: true,
        database: { ok: true, catalogVersion: expect.any(Number) },
        outbox: { pending: 0, failed: 0, oldestPendingAt: null },
        build: { state: 'stale', buildId: null, lastSuccessAt: null },
      },
    });
    await shop.container.mail.queue(MAIL);
    const failed = await shop.container.mail.queue(MAIL);
    shop.engine.sqlite.prepare("UPDATE mail_outbox SET status = 'failed' WHERE id = ?").run(failed);
    const { body } = await health();
    expect(body.outbox).toEqual({ pending: 1, failed: 1, oldestPendingAt: expect.any(String) });
  });

  it('answers 503 when the database does not', async () => {
    shop.engine.sqlite.close();
    expect(await health()).toEqual({
      status: 503,
      body: { ok: false, database: { ok: false, catalogVersion: null }, outbox: null, build: null },
    });
  });
});
