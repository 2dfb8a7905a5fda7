import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../src/domain/settings/shop-settings.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

describe('the image hosts of CSV imports, saved by the local settings (decision 090)', () => {
  const shops: TempShop[] = [];
  afterEach(() => {
    for (const shop of shops.splice(0)) shop.remove();
  });

  it('refuses a URL with the field’s message, and keeps a good list', async () => {
    const shop = openTempShop();
    shops.push(shop);
    const current = await shop.container.settings.get();
    await expect(
      shop.container.settings.save({ ...current, csv: { imageHosts: ['https://cdn.shopify.com/s/'] } }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      fields: { 'csv.imageHosts': SETTINGS_MESSAGES.imageHost('https://cdn.shopify.com/s/') },
    });
    await shop.container.settings.save({ ...current, csv: { imageHosts: ['images.example.gr'] } });
    expect((await shop.container.settings.get()).csv.imageHosts).toEqual(['images.example.gr']);
  });
});
