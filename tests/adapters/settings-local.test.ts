import { afterEach, expect, it } from 'vitest';
import { FIRST } from '../contract/settings.contract.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

let shop: TempShop;
afterEach(() => shop.remove());

it('a saved change moves the storefront content version, so the pages that show it are rebuilt', async () => {
  shop = openTempShop({ SHOP_EMAIL: 'owner@example.gr', SHIPPING_CENTS: '350' });
  const { builds, settings } = shop.container;
  const before = await builds.contentVersion();
  const cachedBefore = await shop.container.contentVersion?.();
  await settings.save({ ...FIRST, identity: { ...FIRST.identity, phone: '2310123456' } });
  expect(await builds.contentVersion()).toBeGreaterThan(before);
  expect(await shop.container.contentVersion?.()).not.toBe(cachedBefore);
});
