import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/domain/errors.ts';
import { STOCK_ALERT_MESSAGES } from '../../../src/domain/stock-alerts/stock-alert-form.ts';
import { POST } from '../../../src/pages/api/stock-alerts.ts';
import { RATE_LIMITS } from '../../../src/server/http/rate-limit.ts';
import { confirmStockAlert, unsubscribeStockAlert } from '../../../src/server/stock-alerts/requests.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';
import { aCard, mailTo, post } from './helpers.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop({ SITE_URL: 'https://cards.example.gr' });
});
afterEach(() => shop.remove());

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message, fields: { ...error.fields } };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('POST /api/stock-alerts', () => {
  it('stores a pending subscription and mails a confirmation link on the shop’s own address', async () => {
    const card = await aCard(shop.container, 0);
    expect(
      await post(shop.container, { productId: card.id, email: ' Maria@Example.GR ', consent: true }),
    ).toEqual({
      ok: true,
      message: STOCK_ALERT_MESSAGES.requested,
    });
    const { mail, links } = await mailTo(shop.container, 'stock-alert-confirm', 'maria@example.gr');
    expect(mail).toMatchObject({
      status: 'pending',
      subject: `Επιβεβαιώστε την ειδοποίηση για: ${card.title}`,
    });
    expect(links.map((link) => `${link.origin}${link.pathname}`)).toEqual([
      'https://cards.example.gr/stock-alerts/confirm',
      'https://cards.example.gr/stock-alerts/unsubscribe',
    ]);
    // Only the token's hash is stored.
    const token = links[0]?.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = JSON.stringify(shop.engine.sqlite.prepare('SELECT * FROM stock_alerts').all());
    expect(stored).not.toContain(token);
    expect(stored).toContain('"status":"pending"');

    expect(await confirmStockAlert(shop.container, token)).toEqual({
      outcome: 'confirmed',
      product: { title: card.title, path: `/product/${encodeURIComponent(card.variantId)}` },
    });
    expect(await shop.container.stockAlerts.waitingCounts([card.id])).toEqual({ [card.id]: 1 });
  });

  it('answers the same, and keeps one subscription, when the same address asks again for the same card', async () => {
    const card = await aCard(shop.container, 0);
    const body = { productId: card.id, email: 'nikos@example.gr', consent: true };
    const first = await post(shop.container, body);
    const second = await post(shop.container, { ...body, email: 'NIKOS@example.gr' });
    expect(second).toEqual(first);
    expect(countRows(shop.container, 'stock_alerts')).toBe(1);
    // The variant id (the page's address) names the same card.
    await post(shop.container, { ...body, productId: card.variantId });
    expect(countRows(shop.container, 'stock_alerts')).toBe(1);
  });

  it('answers an invalid email and a missing consent with Greek messages, as a 400', async () => {
    const card = await aCard(shop.container, 0);
    expect(await refusal(post(shop.container, { productId: card.id, email: 'not-an-email' }))).toEqual({
      kind: 'invalid',
      message: STOCK_ALERT_MESSAGES.emailInvalid,
      fields: { email: STOCK_ALERT_MESSAGES.emailInvalid, consent: STOCK_ALERT_MESSAGES.consentMissing },
    });
    expect(
      await refusal(post(shop.container, { productId: card.id, email: 'a@example.gr', consent: 'yes' })),
    ).toEqual({
      kind: 'invalid',
      message: STOCK_ALERT_MESSAGES.consentMissing,
      fields: { consent: STOCK_ALERT_MESSAGES.consentMissing },
    });
    const response = await POST({
      request: new Request('http://shop.test/api/stock-alerts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: card.id, email: '' }),
      }),
      locals: { container: shop.container },
      clientAddress: '203.0.113.9',
    } as unknown as APIContext);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        kind: 'invalid',
        message: STOCK_ALERT_MESSAGES.emailRequired,
        fields: { email: STOCK_ALERT_MESSAGES.emailRequired, consent: STOCK_ALERT_MESSAGES.consentMissing },
      },
    });
    for (const body of ['{', '[]', 'null', JSON.stringify({ productId: 7, email: 7, consent: true })])
      expect((await refusal(post(shop.container, body))).kind).toBe('invalid');
    expect(countRows(shop.container, 'stock_alerts')).toBe(0);
    expect(countRows(shop.container, 'mail_outbox')).toBe(0);
  });

  it('refuses an unknown card (404) and one in stock (409)', async () => {
    const inStock = await aCard(shop.container, 2);
    for (const productId of ['gid://shop/Product/999999', 'nonsense', 'gid://shop/Order/1'])
      expect(
        await refusal(post(shop.container, { productId, email: 'a@example.gr', consent: true })),
      ).toMatchObject({
        kind: 'not_found',
        message: STOCK_ALERT_MESSAGES.productMissing,
      });
    expect(
      await refusal(post(shop.container, { productId: inStock.id, email: 'a@example.gr', consent: true })),
    ).toMatchObject({ kind: 'conflict', message: STOCK_ALERT_MESSAGES.inStock });
    expect(countRows(shop.container, 'stock_alerts')).toBe(0);
  });

  it('is throttled per address, and a mailbox gets a few confirmation mails an hour whoever asks', async () => {
    const card = await aCard(shop.container, 0);
    for (let index = 0; index < RATE_LIMITS.stockAlert.limit; index += 1)
      await post(
        shop.container,
        { productId: card.id, email: `n${index}@example.gr`, consent: true },
        '2001:db8:1:1::1',
      );
    // Another address of the same /64 is the same client.
    expect(
      await refusal(
        post(shop.container, { productId: card.id, email: 'x@example.gr', consent: true }, '2001:db8:1:1::2'),
      ),
    ).toMatchObject({ kind: 'rate_limited', message: STOCK_ALERT_MESSAGES.tooMany });

    for (let index = 0; index < RATE_LIMITS.stockAlertMailbox.limit; index += 1)
      await post(shop.container, { productId: card.id, email: 'victim@example.gr', consent: true });
    expect(
      await refusal(post(shop.container, { productId: card.id, email: 'Victim@example.gr', consent: true })),
    ).toMatchObject({ kind: 'rate_limited', message: STOCK_ALERT_MESSAGES.tooMany });
    const toVictim = (await shop.container.mail.listOutbox({ limit: 100 })).filter(
      (mail) => mail.to === 'victim@example.gr',
    );
    expect(toVictim).toHaveLength(RATE_LIMITS.stockAlertMailbox.limit);
  });
});

describe('the links’ pages', () => {
  it('say an unknown or empty link is not valid, and unsubscribe with a real one', async () => {
    const card = await aCard(shop.container, 0);
    expect(await confirmStockAlert(shop.container, '')).toEqual({ outcome: 'unknown', product: null });
    expect(await confirmStockAlert(shop.container, 'forged')).toEqual({ outcome: 'unknown', product: null });
    await post(shop.container, { productId: card.id, email: 'eleni@example.gr', consent: true });
    const { links } = await mailTo(shop.container, 'stock-alert-confirm', 'eleni@example.gr');
    const unsubscribe = links[1]?.searchParams.get('token') ?? '';
    expect(await unsubscribeStockAlert(shop.container, unsubscribe)).toMatchObject({
      outcome: 'deleted',
      product: { title: card.title },
    });
    expect(await unsubscribeStockAlert(shop.container, unsubscribe)).toEqual({
      outcome: 'unknown',
      product: null,
    });
    expect(countRows(shop.container, 'stock_alerts')).toBe(0);
  });
});
