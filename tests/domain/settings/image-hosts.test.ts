import { describe, expect, it } from 'vitest';
import { isHostName } from '../../../src/domain/settings/checks.ts';
import { firstSettings } from '../../../src/domain/settings/first-settings.ts';
import { readSettingsForm, toSettingsForm } from '../../../src/domain/settings/settings-form.ts';
import { SETTINGS_MESSAGES, shopSettingsSchema } from '../../../src/domain/settings/shop-settings.ts';

const settings = firstSettings({ shopEmail: 'shop@example.gr', shippingCents: 350 });

describe('the image hosts of CSV imports (settings csv.imageHosts, decision 090)', () => {
  it('are Shopify’s CDN at first, and for settings saved before the list existed', () => {
    expect(settings.csv.imageHosts).toEqual(['cdn.shopify.com']);
    const { csv: _csv, ...older } = settings;
    expect(shopSettingsSchema.parse(older).csv).toEqual({ imageHosts: ['cdn.shopify.com'] });
  });

  it('are typed one a line; kept trimmed, lower-case and each once', () => {
    const form = toSettingsForm(settings);
    expect(form.csv.imageHosts).toBe('cdn.shopify.com');
    const read = readSettingsForm({
      ...form,
      csv: { imageHosts: ' CDN.Shopify.com\n\nburst.shopifycdn.com., images.example.gr\ncdn.shopify.com ' },
    });
    expect(read).toMatchObject({
      ok: true,
      settings: { csv: { imageHosts: ['cdn.shopify.com', 'burst.shopifycdn.com', 'images.example.gr'] } },
    });
    expect(readSettingsForm({ ...form, csv: { imageHosts: '' } })).toMatchObject({
      ok: true,
      settings: { csv: { imageHosts: [] } },
    });
  });

  it('refuse anything but a host name, with a Greek message under the field', () => {
    const form = toSettingsForm(settings);
    for (const wrong of [
      'https://cdn.shopify.com',
      'cdn.shopify.com/s/files',
      'cdn.shopify.com:443',
      'user@cdn.shopify.com',
      '127.0.0.1',
      '[::1]',
      'localhost',
      '*.shopify.com',
      '-cdn.shopify.com',
      'κάρτες.gr',
    ])
      expect(readSettingsForm({ ...form, csv: { imageHosts: `cdn.shopify.com\n${wrong}` } }), wrong).toEqual({
        ok: false,
        errors: { 'csv.imageHosts': SETTINGS_MESSAGES.imageHost(wrong.toLowerCase()) },
      });
    const many = Array.from({ length: 21 }, (_, index) => `cdn${index}.example.com`).join('\n');
    expect(readSettingsForm({ ...form, csv: { imageHosts: many } })).toEqual({
      ok: false,
      errors: { 'csv.imageHosts': SETTINGS_MESSAGES.imageHosts },
    });
  });

  it('isHostName: labels of letters, digits and hyphens, a top-level label that is not a number', () => {
    for (const host of ['cdn.shopify.com', 'xn--hxajbheg2az3al.gr', 'a-b.c1.io'])
      expect(isHostName(host), host).toBe(true);
    for (const host of ['com', '1.2.3.4', 'a..b', 'a.b-', `${'a'.repeat(64)}.com`, 'A.COM', 'a_b.com', ''])
      expect(isHostName(host), host).toBe(false);
  });
});
