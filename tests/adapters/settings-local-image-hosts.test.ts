import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSettings } from '../../src/adapters/settings-local/index.ts';
import { SETTINGS_MESSAGES } from '../../src/domain/settings/shop-settings.ts';
import type { SettingsPort } from '../../src/ports/settings.ts';
import { FIRST } from '../contract/settings.contract.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';

for (const [name, openDatabase] of DATABASES)
  describe(`the image hosts of CSV imports, saved by the local settings (decision 090): ${name}`, () => {
    let database: TestDatabase;
    let settings: SettingsPort;
    beforeEach(async () => {
      database = await openDatabase();
      settings = createLocalSettings(database.store, { first: () => FIRST });
    });
    afterEach(async () => {
      await database.close();
    });

    it('refuses a URL with the field’s message, and keeps a good list', async () => {
      const current = await settings.get();
      await expect(
        settings.save({ ...current, csv: { imageHosts: ['https://cdn.shopify.com/s/'] } }),
      ).rejects.toMatchObject({
        kind: 'invalid',
        fields: { 'csv.imageHosts': SETTINGS_MESSAGES.imageHost('https://cdn.shopify.com/s/') },
      });
      await settings.save({ ...current, csv: { imageHosts: ['images.example.gr'] } });
      expect((await settings.get()).csv.imageHosts).toEqual(['images.example.gr']);
    });
  });
