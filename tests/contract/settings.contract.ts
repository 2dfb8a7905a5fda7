import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstSettings } from '../../src/domain/settings/first-settings.ts';
import { SETTINGS_MESSAGES, type ShopSettings } from '../../src/domain/settings/shop-settings.ts';
import type { SettingsPort } from '../../src/ports/settings.ts';

export const FIRST = firstSettings({ shopEmail: 'owner@example.gr', shippingCents: 350 });

/** One empty settings backend whose first settings are FIRST, for one test. */
export type SettingsHarness = { settings: SettingsPort; close(): Promise<void> | void };

const clone = (settings: ShopSettings): ShopSettings => structuredClone(settings);

/** What every settings adapter must do (decision 081). */
export function settingsContract(backend: string, open: () => Promise<SettingsHarness>): void {
  describe(`settings port contract (${backend})`, () => {
    let harness: SettingsHarness;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness.close();
    });

    it('answers the first settings until some are saved', async () => {
      expect(await harness.settings.get()).toEqual(FIRST);
    });

    it('keeps what it saved, cleaned up as the schema says (IBAN compact, trimmed texts)', async () => {
      const changed = clone(FIRST);
      changed.identity.tradeName = '  Κάρτες Αθηνών ';
      changed.bankAccounts = [
        { bank: 'Πειραιώς', beneficiary: 'Κάρτες Αθηνών', iban: 'gr16 0110 1250 0000 0001 2300 695' },
      ];
      changed.shipping = { courierFeeCents: 400, freeShippingFromCents: null };
      const saved = await harness.settings.save(changed);
      expect(saved.identity.tradeName).toBe('Κάρτες Αθηνών');
      expect(saved.bankAccounts[0]?.iban).toBe('GR1601101250000000012300695');
      expect(await harness.settings.get()).toEqual(saved);
    });

    it('refuses an invalid IBAN, VAT number or URL with a Greek message per field, and saves nothing', async () => {
      const bad = clone(FIRST);
      bad.bankAccounts = [
        { bank: 'Alpha', beneficiary: 'Κάποιος', iban: 'GR16 0110 1250 0000 0001 2300 696' },
      ];
      bad.identity.vatNumber = '123456789';
      bad.social.instagram = 'http://instagram.com/x';
      await expect(harness.settings.save(bad)).rejects.toMatchObject({
        kind: 'invalid',
        message: SETTINGS_MESSAGES.invalid,
        fields: {
          'bankAccounts.0.iban': SETTINGS_MESSAGES.iban,
          'identity.vatNumber': SETTINGS_MESSAGES.vatNumber,
          'social.instagram': SETTINGS_MESSAGES.url,
        },
      });
      expect(await harness.settings.get()).toEqual(FIRST);
    });

    it('refuses settings that take no payment, or a bank transfer with no account', async () => {
      const none = clone(FIRST);
      none.payments = { bankTransfer: false, cashOnDelivery: false };
      await expect(harness.settings.save(none)).rejects.toMatchObject({
        fields: { 'payments.bankTransfer': SETTINGS_MESSAGES.payments },
      });
      const noAccount = clone(FIRST);
      noAccount.bankAccounts = [];
      await expect(harness.settings.save(noAccount)).rejects.toMatchObject({ kind: 'invalid' });
      expect(await harness.settings.get()).toEqual(FIRST);
    });
  });
}
