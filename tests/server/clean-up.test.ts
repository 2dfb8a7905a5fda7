import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/adapters/auth-local/accounts.ts';
import { cleanUp } from '../../src/server/clean-up.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;
afterEach(() => shop.remove());

it('removes expired sessions, old sign-in records and unused uploads a day old, and nothing else', async () => {
  shop = openTempShop();
  const { container } = shop;
  await upsertAdmin(container.database, 'owner@example.gr', 'correct horse battery staple');
  const signIn = () =>
    container.auth.signIn(
      { email: 'owner@example.gr', password: 'correct horse battery staple' },
      '203.0.113.1',
    );
  await signIn();
  await signIn();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
    .png()
    .toBuffer();
  await container.media.store(png, 'abandoned.png');
  await container.media.store(png, 'just-now.png');
  const sql = shop.engine.sqlite;
  sql
    .prepare('UPDATE sessions SET expires_at = ? WHERE rowid = (SELECT min(rowid) FROM sessions)')
    .run(new Date(Date.now() - 1000).toISOString());
  sql.prepare('UPDATE login_attempts SET created_at = ? WHERE id = 1').run(new Date(0).toISOString());
  sql
    .prepare("UPDATE media SET created_at = ? WHERE file_name LIKE '%abandoned%'")
    .run(new Date(Date.now() - 25 * 3_600_000).toISOString());

  expect(await cleanUp(container)).toEqual({ signIns: 2, uploads: 1, stockAlerts: 0 });
  expect(countRows(container, 'sessions')).toBe(1);
  expect(countRows(container, 'login_attempts')).toBe(1);
  expect(countRows(container, 'media')).toBe(1);
  expect(await cleanUp(container)).toEqual({ signIns: 0, uploads: 0, stockAlerts: 0 });
});

it('forgets back-in-stock subscriptions unconfirmed for 48 hours, and keeps the waiting ones', async () => {
  shop = openTempShop();
  const { container } = shop;
  const mail = (to: string) => () => ({ kind: 'stock-alert-confirm' as const, to, subject: 'x', text: 'x' });
  const asked = new Date(Date.now() - 49 * 3_600_000);
  await container.stockAlerts.request(
    { productId: 'gid://shop/Product/1', email: 'old@example.gr' },
    mail('old@example.gr'),
    asked,
  );
  await container.stockAlerts.request(
    { productId: 'gid://shop/Product/1', email: 'new@example.gr' },
    mail('new@example.gr'),
  );
  expect(await cleanUp(container)).toEqual({ signIns: 0, uploads: 0, stockAlerts: 1 });
  expect(countRows(container, 'stock_alerts')).toBe(1);
});
