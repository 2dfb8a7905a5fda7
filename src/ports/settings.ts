import type { ShopSettings, ShopSettingsInput } from '../domain/settings/shop-settings.ts';

/** The shop's own settings, kept in the shop's database whatever the commerce backend (decision 081). */
export interface SettingsPort {
  /** The settings now; the first start's defaults until the owner saves some. */
  get(): Promise<ShopSettings>;
  /**
   * Checks and stores the settings whole; bad input throws AppError('invalid') with a Greek message
   * per field, and nothing is saved.
   */
  save(settings: ShopSettingsInput): Promise<ShopSettings>;
}
