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
        instance: null,
        database: { ok: true, catalogVersion: expect.any(Number) },
        outbox: { pending: 0, failed: 0, oldestPendingAt: null },
        build: { state: 'stale', current: false, buildId: null, lastSuccessAt: null },
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
      body: {
        ok: false,
        instance: null,
        database: { ok: false, catalogVersion: null },
        outbox: null,
        build: null,
      },
    });
  });

  it('names the instance that answered, and says when its build has every change', async () => {
    shop.remove();
    shop = openTempShop({ INSTANCE_ID: 'shop-2' });
    const { builds } = shop.container;
    const record = await builds.begin(process.pid, await builds.contentVersion());
    await builds.finish(record?.id ?? 0, { ok: true, outputDir: `${shop.dir}/builds/build-000001` });
    expect((await health()).body).toMatchObject({
      instance: 'shop-2',
      build: { state: 'up_to_date', current: true, buildId: record?.id },
    });
    await builds.requestRebuild();
    expect((await health()).body).toMatchObject({ build: { state: 'stale', current: false } });
  });
});
