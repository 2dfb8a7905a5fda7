import { AppError } from '../../domain/errors.ts';
import {
  SETTINGS_MESSAGES,
  type ShopSettings,
  shopSettingsSchema,
} from '../../domain/settings/shop-settings.ts';
import { greekZodError } from '../../domain/text/validation-messages.ts';
import type { SettingsPort } from '../../ports/settings.ts';
import { type Counters, readCounters } from '../database/counters.ts';
import type { ShopDatabase } from '../database/shop-database.ts';

/**
 * The shop's settings in its own database, SQLite or PostgreSQL (table shop_settings, one row of
 * JSON), whatever the commerce backend. Until the owner saves, the first start's settings are
 * answered. A trigger on each database moves the `settings` counter in the save's transaction, so
 * the storefront that shows them is rebuilt.
 */
export function createLocalSettings(
  store: ShopDatabase,
  options: { first: () => ShopSettings; counters?: Counters },
): SettingsPort {
  const counters = options.counters ?? readCounters(store);
  const read = async (): Promise<ShopSettings> => {
    const row = await store.db.selectFrom('shop_settings').select('settings_json').executeTakeFirst();
    if (!row) return options.first();
    // Checked again on the way out: a row written by an older version still reads as valid settings.
    const parsed = shopSettingsSchema.safeParse(JSON.parse(row.settings_json));
    return parsed.success ? parsed.data : options.first();
  };
  // Every page shows them: read once per value of the counter that each save moves. A failed
  // read is not kept.
  let cached: { version: number; settings: Promise<ShopSettings> } | null = null;
  return {
    async get() {
      const version = (await counters.read()).settings ?? 0;
      if (cached?.version !== version) {
        const settings = read();
        cached = { version, settings };
        settings.catch(() => {
          if (cached?.settings === settings) cached = null;
        });
      }
      return structuredClone(await cached.settings);
    },

    async save(input) {
      const parsed = shopSettingsSchema.safeParse(input, { error: greekZodError });
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        throw new AppError('invalid', SETTINGS_MESSAGES.invalid, fields);
      }
      const now = new Date().toISOString();
      const json = JSON.stringify(parsed.data);
      await store.transaction((trx) =>
        trx
          .insertInto('shop_settings')
          .values({ id: 1, settings_json: json, updated_at: now })
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet({ settings_json: json, updated_at: now }),
          )
          .execute(),
      );
      return parsed.data;
    },
  };
}
