import type { Delivery, PaymentMethod } from '../src/domain/orders/order.ts';
import { placeOrder } from '../src/server/orders/place-order.ts';
import { onShopify, signInBody } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/**
 * An order walked through every status of its route from the dashboard (decision 082), with the
 * shopper's mails (content and count) and the order page checked at each step.
 */
test.skip(
  onShopify,
  "Shopify's checkout takes the orders there; the embedded engine's lifecycle is tested here",
);
test.describe.configure({ mode: 'serial' });

const COURIER: Delivery = {
  method: 'courier',
  street: 'Ερμού 10',
  city: 'Αθήνα',
  postalCode: '10563',
  region: '',
};

/** An order placed as checkout places it, mails included. */
async function order(delivery: Delivery, payment: PaymentMethod, email: string) {
  const shop = openShop();
  try {
    const { product } = await shop.commerce.createProduct({
      title: `E2E Lifecycle Card ${Date.now()}`,
      tags: ['Olympiacos'],
      productType: 'Card',
      priceCents: 1800,
      quantity: 3,
    });
    const cart = await shop.carts.addCartLines(null, [{ merchandiseId: product.variantId, quantity: 1 }]);
    return await placeOrder(shop, cart.id, {
      name: 'Ελένη Ε2Ε',
      email,
      phone: '6912345678',
      delivery,
      payment,
      notes: '',
      idempotencyKey: `e2e-lifecycle-${crypto.randomUUID().replaceAll('-', '')}`,
    });
  } finally {
    shop.close();
  }
}

/** The mails to `email` about its order's status, oldest first. */
async function mailsTo(email: string) {
  const shop = openShop();
  try {
    return (await shop.mail.listOutbox({ limit: 200 }))
      .filter((mail) => mail.to === email && mail.kind === 'order-status')
      .reverse();
  } finally {
    shop.close();
  }
}

async function openOrder(page: Page, number: string) {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await openSection(page, 'orders');
  await page.getByRole('searchbox', { name: /Αναζήτηση/ }).fill(number);
  await page.getByRole('button', { name: new RegExp(`^Παραγγελία ${number}`) }).click();
  return page.getByTestId('order-detail');
}

test('courier, bank transfer: pending with the bank details, paid, shipped with its tracking link @postgres', async ({
  page,
  context,
}) => {
  const email = `lifecycle-courier-${Date.now()}@example.gr`;
  const placed = await order(COURIER, 'bank_transfer', email);
  const shopper = await context.newPage();
  const orderPage = `/order/${placed.accessToken}`;

  await shopper.goto(orderPage);
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Ευχαριστούμε για την παραγγελία σας!');
  await expect(shopper.getByTestId('payment-instructions')).toContainText(
    'IBAN GR16 0110 1250 0000 0001 2300 695',
  );
  await expect(shopper.getByTestId('payment-instructions')).toContainText(placed.number);
  // No mail server here: the confirmation waits in the outbox, and the page says so.
  await expect(shopper.getByTestId('confirmation-mail')).toContainText("καθ' οδόν");

  const detail = await openOrder(page, placed.number);
  await detail.getByRole('button', { name: 'Σήμανση ως πληρωμένη' }).click();
  await expect(detail.getByTestId('order-status').first()).toHaveText('Πληρώθηκε');
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Λάβαμε την πληρωμή σας');
  await expect(shopper.getByTestId('payment-instructions')).toHaveCount(0);
  expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
    `Λάβαμε την πληρωμή της παραγγελίας σας ${placed.number}`,
  ]);

  await detail.getByRole('button', { name: 'Σήμανση ως απεσταλμένη' }).click();
  await detail.getByRole('combobox', { name: 'Μεταφορική εταιρεία' }).selectOption({ label: 'ACS Courier' });
  await detail.getByRole('textbox', { name: 'Αριθμός αποστολής' }).fill('7201234567');
  await detail.getByRole('button', { name: 'Σήμανση ως απεσταλμένη' }).click();
  await expect(detail.getByTestId('order-status').first()).toHaveText('Απεστάλη');
  await expect(detail).toContainText('ACS Courier, αριθμός αποστολής 7201234567');
  // Shipped is final: nothing moves it, nothing but the last step can be undone.
  await expect(detail.getByRole('button', { name: /Σήμανση|Ακύρωση παραγγελίας|Έτοιμη/ })).toHaveCount(0);

  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Η παραγγελία σας απεστάλη');
  await expect(shopper.getByRole('link', { name: 'Παρακολούθηση αποστολής' })).toHaveAttribute(
    'href',
    'https://www.acscourier.net/el/myacs/anafores-apostolwn/anazitisi-apostolwn/?trackingNumber=7201234567',
  );
  await expect(shopper.getByTestId('order-history')).toContainText('Απεστάλη');
  const mails = await mailsTo(email);
  expect(mails.map((mail) => mail.subject)).toEqual([
    `Λάβαμε την πληρωμή της παραγγελίας σας ${placed.number}`,
    `Η παραγγελία σας ${placed.number} απεστάλη`,
  ]);
  expect(mails[1]?.text).toContain('Αριθμός αποστολής: 7201234567');
});

test('pickup, paid at pickup: ready with the pickup point, undone before the mail went, collected', async ({
  page,
  context,
}) => {
  const email = `lifecycle-pickup-${Date.now()}@example.gr`;
  const placed = await order({ method: 'pickup' }, 'cash_on_delivery', email);
  const shopper = await context.newPage();
  await shopper.goto(`/order/${placed.accessToken}`);
  await expect(shopper.getByTestId('order-status')).toContainText(
    'θα σας ειδοποιήσουμε όταν είναι έτοιμη για παραλαβή',
  );
  // No bank details: the shopper pays at the shop, and is told how much.
  await expect(shopper.getByTestId('payment-instructions')).toHaveText(
    /^Θα πληρώσετε 18,00\s€ κατά την παραλαβή από το κατάστημα\./,
  );

  const detail = await openOrder(page, placed.number);
  // A pickup order paid at pickup is neither paid first nor shipped.
  await expect(detail.getByRole('button', { name: 'Σήμανση ως πληρωμένη' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Σήμανση ως απεσταλμένη' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Έτοιμη για παραλαβή' }).click();
  await expect(detail.getByTestId('order-status').first()).toHaveText('Έτοιμη για παραλαβή');
  const ready = await mailsTo(email);
  expect(ready.map((mail) => mail.subject)).toEqual([
    `Η παραγγελία σας ${placed.number} είναι έτοιμη για παραλαβή`,
  ]);
  expect(ready[0]?.text).toContain('Σημείο παραλαβής: Ερμού 25, 10563 Αθήνα');
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(
    'Η παραγγελία σας είναι έτοιμη για παραλαβή',
  );
  await expect(shopper.getByRole('link', { name: 'Χάρτης' })).toBeVisible();

  // Set by mistake: undone while its mail still waits, so the shopper is never told.
  await detail.getByRole('button', { name: 'Αναίρεση τελευταίας αλλαγής' }).click();
  await expect(detail.getByTestId('order-status').first()).toHaveText('Σε αναμονή');
  expect(await mailsTo(email)).toEqual([]);
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Ευχαριστούμε για την παραγγελία σας!');

  await detail.getByRole('button', { name: 'Έτοιμη για παραλαβή' }).click();
  await detail.getByRole('button', { name: 'Σήμανση ως παραληφθείσα' }).click();
  await expect(detail.getByTestId('order-status').first()).toHaveText('Παραλήφθηκε');
  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText('Η παραγγελία σας παραλήφθηκε');
  // Ready once more, collected without a mail: the shopper was there.
  expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
    `Η παραγγελία σας ${placed.number} είναι έτοιμη για παραλαβή`,
  ]);
});

test('packing slips print one order per A4 page, with the shop and the parcel, for a signed-in admin only', async ({
  page,
}) => {
  const email = `lifecycle-slip-${Date.now()}@example.gr`;
  const first = await order(COURIER, 'bank_transfer', email);
  const second = await order({ method: 'pickup' }, 'cash_on_delivery', email);
  const path = `/admin-dashboard/packing-slips?ids=${encodeURIComponent(`${first.id},${second.id}`)}`;
  const signedOut = await page.request.get(path, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  // Signed in, the admin comes back to these slips.
  expect(signedOut.headers().location).toBe(`/admin-login?next=${encodeURIComponent(path)}`);

  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
  await page.goto(path);
  const slips = page.getByTestId('packing-slip');
  await expect(slips).toHaveCount(2);
  await expect(slips.first()).toContainText(first.number);
  await expect(slips.first()).toContainText('CardVault Μονοπρόσωπη Ι.Κ.Ε.');
  await expect(slips.first()).toContainText('ΑΦΜ 123456783');
  await expect(slips.first()).toContainText('Ερμού 10, 10563 Αθήνα');
  await expect(slips.nth(1)).toContainText('Ερμού 25, 10563 Αθήνα (1ος όροφος)');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Εκτύπωση' })).toBeHidden();
  expect(await slips.first().evaluate((slip) => getComputedStyle(slip).breakAfter)).toBe('page');
});
