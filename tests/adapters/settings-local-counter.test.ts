import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { createLocalSettings } from '../../src/adapters/settings-local/index.ts';
import type { SettingsPort } from '../../src/ports/settings.ts';
import { FIRST } from '../contract/settings.contract.ts';
import { DATABASES, type TestDatabase } from '../helpers/databases.ts';

const phone = (index: number) => `21012345${String(index).padStart(2, '0')}`;
const withPhone = (index: number) => ({ ...FIRST, identity: { ...FIRST.identity, phone: phone(index) } });

// The `settings` counter is what rebuilds the storefront after a save (decision 081); each
// database moves it in the save's own transaction, by a trigger (migrations 016 and 004).
for (const [name, openDatabase] of DATABASES)
  describe(`the settings counter: ${name}`, () => {
    let database: TestDatabase;
    let settings: SettingsPort;
    beforeEach(async () => {
      database = await openDatabase();
      settings = createLocalSettings(database.store, { first: () => FIRST });
    });
    afterEach(async () => {
      await database.close();
    });

    const counter = async (store: ShopDatabase = database.store) =>
      (
        await store.db
          .selectFrom('counters')
          .select('value')
          .where('name', '=', 'settings')
          .executeTakeFirstOrThrow()
      ).value;

    it('moves by one for each save, the first and the next, and not for a refused one', async () => {
      const start = await counter();
      await settings.save(withPhone(1));
      expect(await counter()).toBe(start + 1);
      await settings.save(withPhone(2));
      expect(await counter()).toBe(start + 2);
      await expect(
        settings.save({ ...FIRST, payments: { bankTransfer: false, cashOnDelivery: false } }),
      ).rejects.toMatchObject({ kind: 'invalid' });
      expect(await counter()).toBe(start + 2);
    });

    it('moves once per save when two instances save at once, and keeps one of the saved settings', async () => {
      const other = await database.another();
      const second = createLocalSettings(other, { first: () => FIRST });
      const start = await counter();
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? settings : second).save(withPhone(index))),
      );
      expect(await counter(other)).toBe(start + 10);
      expect(Array.from({ length: 10 }, (_, index) => phone(index))).toContain(
        (await second.get()).identity.phone,
      );
    });

    it('keeps any text the settings take, a NUL and a lone surrogate included', async () => {
      const odd = { ...FIRST, identity: { ...FIRST.identity, tradeName: 'Κάρτες\u0000 \ud800 Αθηνών' } };
      const saved = await settings.save(odd);
      expect(saved.identity.tradeName).toBe('Κάρτες\u0000 \ud800 Αθηνών');
      expect(await settings.get()).toEqual(saved);
    });

    it('holds one row of JSON, as the database itself checks', async () => {
      const row = (id: number, json: string) =>
        database.store.db
          .insertInto('shop_settings')
          .values({ id, settings_json: json, updated_at: new Date().toISOString() })
          .execute();
      await expect(row(1, '{"identity":')).rejects.toThrow();
      await expect(row(2, '{}')).rejects.toThrow();
      expect(await settings.get()).toEqual(FIRST);
    });
  });
