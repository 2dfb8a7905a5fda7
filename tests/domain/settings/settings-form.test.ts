import { describe, expect, it } from 'vitest';
import { firstSettings } from '../../../src/domain/settings/first-settings.ts';
import { readSettingsForm, toSettingsForm } from '../../../src/domain/settings/settings-form.ts';
import { SETTINGS_MESSAGES, shopSettingsSchema } from '../../../src/domain/settings/shop-settings.ts';

const settings = firstSettings({ shopEmail: 'shop@example.gr', shippingCents: 350 });

describe('the settings form', () => {
  it('shows amounts in euros and IBANs as printed, and reads them back unchanged', () => {
    const form = toSettingsForm(settings);
    expect(form.shipping).toEqual({ courierFee: '3,50', freeShippingFrom: '50,00' });
    expect(form.bankAccounts[0]?.iban).toBe('GR16 0110 1250 0000 0001 2300 695');
    expect(readSettingsForm(form)).toEqual({ ok: true, settings });
  });

  it('reads "4", "4.5" and "4,50" as euros, and an empty threshold as never free', () => {
    const form = toSettingsForm(settings);
    for (const [typed, cents] of [
      ['4', 400],
      ['4.5', 450],
      [' 4,50 ', 450],
      ['0', 0],
    ] as const) {
      const read = readSettingsForm({ ...form, shipping: { courierFee: typed, freeShippingFrom: '' } });
      expect(read).toMatchObject({
        ok: true,
        settings: { shipping: { courierFeeCents: cents, freeShippingFromCents: null } },
      });
    }
  });

  it('says which amount is wrong, in Greek, for text, negatives, too many decimals or too much', () => {
    const form = toSettingsForm(settings);
    for (const typed of ['τρία', '-1', '3,555', '1000,01', '']) {
      const read = readSettingsForm({
        ...form,
        shipping: { courierFee: typed, freeShippingFrom: typed || 'x' },
      });
      expect(read).toEqual({
        ok: false,
        errors: {
          'shipping.courierFeeCents': 'Το ποσό πρέπει να είναι από 0 έως 1.000 €.',
          'shipping.freeShippingFromCents': 'Το ποσό πρέπει να είναι από 0 έως 1.000 €.',
        },
      });
    }
  });

  it('names every wrong field by its path, as the server does', () => {
    const form = toSettingsForm(settings);
    const read = readSettingsForm({
      ...form,
      identity: { ...form.identity, vatNumber: '123456789', tradeName: ' ' },
      bankAccounts: [{ bank: 'Alpha', beneficiary: 'X', iban: 'GR16 0110 1250 0000 0001 2300 696' }],
      social: { ...form.social, facebook: 'http://facebook.com/x' },
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual([
      'bankAccounts.0.iban',
      'identity.tradeName',
      'identity.vatNumber',
      'social.facebook',
    ]);
  });
});

describe('the low-stock threshold (issue 33)', () => {
  it('is a whole number from 0 to 1,000, or a Greek message', () => {
    const form = toSettingsForm(settings);
    expect(form.stock.lowStockThreshold).toBe('2');
    const saved = readSettingsForm({ ...form, stock: { lowStockThreshold: ' 5 ' } });
    expect(saved.ok && saved.settings.stock.lowStockThreshold).toBe(5);
    for (const wrong of ['-1', '2,5', 'δύο', '', '1001'])
      expect(readSettingsForm({ ...form, stock: { lowStockThreshold: wrong } })).toEqual({
        ok: false,
        errors: { 'stock.lowStockThreshold': SETTINGS_MESSAGES.lowStock },
      });
  });

  it('reads settings saved before it existed as 2', () => {
    const { stock: _stock, ...before } = settings;
    expect(shopSettingsSchema.parse(before).stock).toEqual({ lowStockThreshold: 2 });
  });
});
