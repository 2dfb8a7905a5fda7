import type { Product } from '../src/domain/catalog/product.ts';
import { productPath } from '../src/domain/catalog/product-id.ts';
import type { OutboxEntry } from '../src/domain/mail/outgoing-mail.ts';
import { LINK_PAGE_MESSAGES } from '../src/domain/stock-alerts/stock-alert.ts';
import { STOCK_ALERT_MESSAGES } from '../src/domain/stock-alerts/stock-alert-form.ts';
import { ADMIN, signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { axeViolations } from './support/axe.ts';
import { openSection, searchProductList } from './support/dashboard.ts';

/** A card of the test's own, sold out; an NBA team's, so the dashboard lists it under NBA. */
async function soldOutCard(title: string): Promise<Product> {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title,
      tags: ['Milwaukee Bucks'],
      productType: 'Card',
      priceCents: 1800,
      quantity: 0,
    });
    return product;
  } finally {
    shop.close();
  }
}

/** The owner's edit of the stock, through the commerce port as the dashboard's save does. */
async function setStock(product: Product, quantity: number): Promise<void> {
  const shop = openShop();
  try {
    await shop.commerce.updateProduct(product.id, {
      title: product.title,
      tags: product.tags,
      productType: product.productType,
      priceCents: product.priceCents ?? 0,
      quantity,
    });
  } finally {
    shop.close();
  }
}

/** The outbox's mails of one kind to one address, read from the shop's data as other specs do. */
async function mails(kind: OutboxEntry['kind'], to: string): Promise<OutboxEntry[]> {
  const shop = openShop();
  try {
    return (await shop.mail.listOutbox({ limit: 500 })).filter(
      (mail) => mail.kind === kind && mail.to === to,
    );
  } finally {
    shop.close();
  }
}

/** A link of the newest such mail, as a path on the server under test (SITE_URL may name another host). */
async function mailedLink(kind: OutboxEntry['kind'], to: string, pathname: string): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const [mail] = await mails(kind, to);
      const link = [...(mail?.text ?? '').matchAll(/https?:\/\/\S+/g)]
        .map((match) => new URL(match[0]))
        .find((url) => url.pathname === pathname);
      found = link ? `${link.pathname}${link.search}` : '';
      return found;
    })
    .not.toBe('');
  return found;
}

const alertForm = (page: Page) => page.getByRole('form', { name: 'Ειδοποίηση διαθεσιμότητας' });

/** Opens «Ενημερώστε με όταν είναι διαθέσιμο» on the product page (once the island runs). */
async function openAlertForm(page: Page, product: Product) {
  await page.goto(productPath(product));
  await expect(page.getByTestId('product-availability')).toHaveText('Εξαντλήθηκε');
  const details = page.getByTestId('product-details');
  await expect(details.getByRole('button', { name: 'Προσθήκη στο καλάθι' })).toHaveCount(0);
  const open = details.getByRole('button', { name: STOCK_ALERT_MESSAGES.open });
  await expect(open).toBeEnabled();
  await open.click();
  await expect(alertForm(page).getByRole('textbox', { name: 'Email' })).toBeFocused();
}

async function signUp(page: Page, product: Product, email: string) {
  await openAlertForm(page, product);
  const form = alertForm(page);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('checkbox', { name: STOCK_ALERT_MESSAGES.consent }).check();
  await form.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit }).click();
  await expect(form.getByRole('status')).toHaveText(STOCK_ALERT_MESSAGES.requested);
}

test('a shopper asks, confirms from the mail, and gets exactly one mail when the card is back; another unsubscribes @hosted @postgres', async ({
  page,
}) => {
  // Some twenty pages, mails and dashboard steps: in full runs it took 1.9 and 2.2 minutes.
  test.setTimeout(300_000);
  const stamp = Date.now();
  const card = await soldOutCard(`Giannis Alert ${stamp}`);
  const shopper = `waiting-${stamp}@example.gr`;
  const leaver = `leaving-${stamp}@example.gr`;

  await signUp(page, card, shopper);
  // Nothing waits until the mailed link confirms it (double opt-in).
  // Opening the link only asks (a mail scanner opens links); the shopper's press confirms.
  await page.goto(await mailedLink('stock-alert-confirm', shopper, '/stock-alerts/confirm'));
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: LINK_PAGE_MESSAGES.confirmButton }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(LINK_PAGE_MESSAGES.confirmed);
  await expect(
    page.getByRole('link', { name: `${LINK_PAGE_MESSAGES.toProduct}: ${card.title}` }),
  ).toHaveAttribute('href', productPath(card));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);

  // A second address, asked twice: the same answer both times, one subscription.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const asked = await page.request.post('/api/stock-alerts', {
      data: { productId: card.id, email: leaver, consent: true },
    });
    expect(asked.status()).toBe(200);
    expect(await asked.json()).toEqual({ ok: true, message: STOCK_ALERT_MESSAGES.requested });
  }
  await page.goto(await mailedLink('stock-alert-confirm', leaver, '/stock-alerts/confirm'));
  await page.getByRole('button', { name: LINK_PAGE_MESSAGES.confirmButton }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(LINK_PAGE_MESSAGES.confirmed);

  // The owner sees two waiting for the card: in the overview's answer and on its row in the list.
  const signedIn = await page.request.post('/api/session', { data: await signInBody() });
  expect(signedIn.status()).toBe(200);
  const counts = await page.request.get(`/api/admin/stock-alerts?productIds=${encodeURIComponent(card.id)}`);
  expect((await counts.json()).counts).toEqual({ [card.id]: 2 });
  await openSection(page, 'products');
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  await page.getByRole('button', { name: 'NBA', exact: true }).click();
  await searchProductList(page, card.title);
  await expect(page.getByTestId('waiting-badge').filter({ visible: true })).toHaveText('2 σε αναμονή');

  // The second address leaves with its link: the page only asks; the button deletes.
  await page.goto(await mailedLink('stock-alert-confirm', leaver, '/stock-alerts/unsubscribe'));
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: LINK_PAGE_MESSAGES.unsubscribeButton }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(LINK_PAGE_MESSAGES.unsubscribed);
  expect(
    (
      await (
        await page.request.get(`/api/admin/stock-alerts?productIds=${encodeURIComponent(card.id)}`)
      ).json()
    ).counts,
  ).toEqual({
    [card.id]: 1,
  });

  // The card comes back: one mail to the one waiting, with the product's link.
  await setStock(card, 3);
  await expect.poll(async () => (await mails('back-in-stock', shopper)).length, { timeout: 30_000 }).toBe(1);
  const productLink = await mailedLink(
    'back-in-stock',
    shopper,
    new URL(productPath(card), 'http://x').pathname,
  );
  expect(productLink).toBe(productPath(card));
  // Later changes (another edit, every later pass) send nothing more, and the leaver gets nothing.
  await setStock(card, 4);
  await page.waitForTimeout(3_000);
  expect(await mails('back-in-stock', shopper)).toHaveLength(1);
  expect(await mails('back-in-stock', leaver)).toHaveLength(0);

  // The back-in-stock mail's own link forgets the address at once, without signing in.
  await page.context().clearCookies();
  await page.goto(await mailedLink('back-in-stock', shopper, '/stock-alerts/unsubscribe'));
  await page.getByRole('button', { name: LINK_PAGE_MESSAGES.unsubscribeButton }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(LINK_PAGE_MESSAGES.unsubscribed);
  await page.goto('/stock-alerts/confirm?token=not-a-real-token');
  await page.getByRole('button', { name: LINK_PAGE_MESSAGES.confirmButton }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(LINK_PAGE_MESSAGES.unknown);
  expect(await axeViolations(page)).toEqual([]);
});

test('the form asks for a valid email and the consent, in Greek, here and on the server @phone', async ({
  page,
}, testInfo) => {
  const stamp = `${Date.now()}-${testInfo.project.name}`;
  const card = await soldOutCard(`Giannis Alert Form ${stamp}`);
  let posts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/stock-alerts')) posts += 1;
  });
  await openAlertForm(page, card);
  const form = alertForm(page);
  const submit = form.getByRole('button', { name: STOCK_ALERT_MESSAGES.submit });
  await submit.click();
  await expect(form.getByText(STOCK_ALERT_MESSAGES.emailRequired)).toBeVisible();
  await expect(form.getByText(STOCK_ALERT_MESSAGES.consentMissing)).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused();

  await form.getByRole('textbox', { name: 'Email' }).fill('nikos@');
  await form.getByRole('checkbox', { name: STOCK_ALERT_MESSAGES.consent }).check();
  await submit.click();
  await expect(form.getByText(STOCK_ALERT_MESSAGES.emailInvalid)).toBeVisible();
  await expect(form.getByText(STOCK_ALERT_MESSAGES.consentMissing)).toBeHidden();
  expect(posts).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  // The server holds the same rules, whatever a client sends: a Greek 400, never a 500.
  const bad = await page.request.post('/api/stock-alerts', {
    data: { productId: card.id, email: 'not-an-email', consent: false },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toEqual({
    kind: 'invalid',
    message: STOCK_ALERT_MESSAGES.emailInvalid,
    fields: { email: STOCK_ALERT_MESSAGES.emailInvalid, consent: STOCK_ALERT_MESSAGES.consentMissing },
  });
  const foreign = await page.request.post('/api/stock-alerts', {
    headers: { origin: 'https://evil.example' },
    data: { productId: card.id, email: `x-${stamp}@example.gr`, consent: true },
  });
  expect(foreign.status()).toBe(403);

  // Put right, it goes through, and fits the phone's width.
  await form.getByRole('textbox', { name: 'Email' }).fill(`form-${stamp}@example.gr`);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(STOCK_ALERT_MESSAGES.requested);
  expect(posts).toBe(1);
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await mails('stock-alert-confirm', `form-${stamp}@example.gr`)).toHaveLength(1);
});
