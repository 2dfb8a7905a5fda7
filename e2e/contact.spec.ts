import { ADMIN, emailJsSent, HOSTED, signInBody } from './fixtures/backends.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

type Inbox = {
  messages: { name: string; email: string; message: string }[];
  outbox: { kind: string; to: string; replyTo: string | null; status: string; subject: string }[];
};

async function inbox(page: Page): Promise<Inbox> {
  const signedIn = await page.request.post('/api/session', { data: await signInBody() });
  expect(signedIn.status()).toBe(200);
  return (await (await page.request.get('/api/admin/inbox?pageSize=50')).json()) as Inbox;
}

const contactForm = (page: Page) => page.getByRole('form', { name: 'Φόρμα επικοινωνίας' });
const field = (page: Page, name: string) => contactForm(page).getByRole('textbox', { name, exact: true });

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  // The button is enabled once the island runs; text typed before that would be reset by React.
  await expect(contactForm(page).getByRole('button', { name: 'Αποστολή' })).toBeEnabled();
  await field(page, 'Όνομα').fill(values.name);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Μήνυμα').fill(values.message);
}

test('a message is sent, the form clears, and it waits in the owner inbox even with no mail delivery @smoke', async ({
  page,
}) => {
  const message = `Γεια σας, ψάχνω κάρτες <script>alert(1)</script> ${Date.now()}`;
  const values = { name: 'Μαρία Ε2Ε', email: 'maria.e2e@example.gr', message };
  // A person needs more than 3 s to write; a faster post is treated as a script. The page's clock
  // moves on by itself instead of the test waiting.
  await page.clock.install();
  await page.goto('/contact-us');
  await fill(page, values);
  await page.clock.fastForward(3_200);
  await contactForm(page).getByRole('button', { name: 'Αποστολή' }).click();

  await expect(contactForm(page).getByRole('status')).toHaveText('Το μήνυμα στάλθηκε επιτυχώς!');
  await expect(field(page, 'Όνομα')).toHaveValue('');
  await expect(field(page, 'Email')).toHaveValue('');
  await expect(field(page, 'Μήνυμα')).toHaveValue('');

  // Locally there is no SMTP in e2e: the owner's mail stays pending in the outbox. Hosted, the
  // outbox delivers it through EmailJS (the recorder) within seconds. Either way the message is in the inbox.
  const subject = `Νέο μήνυμα επικοινωνίας από ${values.name}`;
  if (HOSTED) {
    await expect
      .poll(
        async () =>
          (await emailJsSent()).find((sent) => sent.template_params.subject === subject)?.template_params,
        {
          timeout: 20_000,
        },
      )
      .toMatchObject({ to_email: 'shop@example.com', reply_to: values.email, kind: 'contact-message' });
  }
  const { messages, outbox } = await inbox(page);
  const stored = messages.find((entry) => entry.message === message);
  expect(stored).toMatchObject(values);
  expect(outbox.find((mail) => mail.subject === subject)).toMatchObject({
    kind: 'contact-message',
    replyTo: values.email,
    status: HOSTED ? 'delivered' : 'pending',
  });

  // The dashboard's inbox shows it as text.
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await openSection(page, 'messages');
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  const item = page.getByTestId('inbox-message').filter({ hasText: values.name }).first();
  await expect(item.getByText('Νέο', { exact: true })).toBeVisible();
  await item.getByRole('button').first().click();
  await expect(item.getByText(message, { exact: true }).last()).toBeVisible();
  await expect(item.getByText('Νέο', { exact: true })).toBeHidden();
  await expect(item.getByRole('link', { name: 'Απάντηση με email' })).toHaveAttribute(
    'href',
    /^mailto:maria\.e2e@example\.gr\?subject=Re%3A/,
  );
  await item.getByRole('button', { name: 'Σήμανση ως μη αναγνωσμένο' }).click();
  await expect(item.getByText('Νέο', { exact: true })).toBeVisible();
  // Its mail to the shop is in the outbox, the dashboard's mail section.
  await openSection(page, 'mail');
  await expect(page.getByTestId('outbox-mail').filter({ hasText: values.name }).first()).toContainText(
    HOSTED ? 'Εστάλη' : 'Σε αναμονή',
  );
  expect(dialogs).toBe(0);
});

test('a message sent within 3 s of opening the page waits until then, and is sent, not dropped', async ({
  page,
}) => {
  const message = `Γρήγορο μήνυμα ${Date.now()}`;
  // The page's clock stands still until the test moves it: on a loaded machine, filling the form
  // could otherwise take the page past its first 3 s before the click.
  const opened = Date.now();
  await page.clock.install({ time: opened });
  await page.clock.pauseAt(opened + 1_000);
  await page.goto('/contact-us');
  await fill(page, { name: 'Γιώργος Ε2Ε', email: 'giorgos.e2e@example.gr', message });
  await contactForm(page).getByRole('button', { name: 'Αποστολή' }).click();
  // Held in the browser while the page is younger than 3 s: no false «sent».
  await expect(contactForm(page).getByRole('button', { name: 'Αποστολή...' })).toBeDisabled();
  await expect(contactForm(page).getByRole('status')).toHaveCount(0);
  await page.clock.fastForward(3_100);
  await expect(contactForm(page).getByRole('status')).toHaveText('Το μήνυμα στάλθηκε επιτυχώς!');
  const { messages } = await inbox(page);
  expect(messages.find((entry) => entry.message === message)).toMatchObject({ name: 'Γιώργος Ε2Ε' });
});

test('every field is required and the email must look like one; nothing is sent until then', async ({
  page,
}) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posts += 1;
  });
  await page.goto('/contact-us');
  await expect(contactForm(page).getByRole('button', { name: 'Αποστολή' })).toBeEnabled();
  await contactForm(page).getByRole('button', { name: 'Αποστολή' }).click();
  await expect(contactForm(page).getByText('Το όνομα είναι υποχρεωτικό.')).toBeVisible();
  await expect(contactForm(page).getByText('Το email είναι υποχρεωτικό.')).toBeVisible();
  await expect(contactForm(page).getByText('Το μήνυμα είναι υποχρεωτικό.')).toBeVisible();
  await expect(field(page, 'Όνομα')).toBeFocused();
  await expect(field(page, 'Όνομα')).toHaveAttribute('aria-invalid', 'true');

  await fill(page, { name: 'Νίκος', email: 'nikos@', message: 'Γεια' });
  await contactForm(page).getByRole('button', { name: 'Αποστολή' }).click();
  await expect(contactForm(page).getByText('Συμπληρώστε ένα έγκυρο email.')).toBeVisible();
  await expect(contactForm(page).getByText('Το όνομα είναι υποχρεωτικό.')).toBeHidden();
  expect(posts).toBe(0);
});

test('a failed send says so and keeps what was typed', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { kind: 'unavailable', message: 'x', fields: {} } }),
    }),
  );
  await page.goto('/contact-us');
  await fill(page, { name: 'Νίκος', email: 'nikos@example.gr', message: 'Θα κρατηθεί;' });
  await contactForm(page).getByRole('button', { name: 'Αποστολή' }).click();
  await expect(contactForm(page).getByRole('alert')).toHaveText('Κάτι πήγε στραβά. Προσπάθησε ξανά.');
  await expect(field(page, 'Μήνυμα')).toHaveValue('Θα κρατηθεί;');
});

test('the honeypot is out of reach for people, and /contact is the same form pointing to /contact-us', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/contact-us$/);
  const honeypot = field(page, 'Αφήστε αυτό το πεδίο κενό');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(contactForm(page).getByRole('button', { name: 'Αποστολή' })).toBeEnabled();
  // Tab goes from the message straight to the button.
  await field(page, 'Μήνυμα').focus();
  await page.keyboard.press('Tab');
  await expect(contactForm(page).getByRole('button', { name: 'Αποστολή' })).toBeFocused();
});

test('spam looks sent but is dropped; oversized bodies and floods are refused', async ({ page, request }) => {
  const spam = `spam ${Date.now()}`;
  const honeypot = await request.post('/api/contact', {
    data: {
      name: 'Bot',
      email: 'bot@example.com',
      message: spam,
      website: 'http://x.example',
      elapsedMs: 9000,
    },
  });
  expect(honeypot.status()).toBe(200);
  const tooFast = await request.post('/api/contact', {
    data: { name: 'Bot', email: 'bot@example.com', message: spam, website: '', elapsedMs: 200 },
  });
  expect(tooFast.status()).toBe(200);
  expect((await inbox(page)).messages.some((entry) => entry.message === spam)).toBe(false);

  const oversized = await request.post('/api/contact', {
    data: {
      name: 'Big',
      email: 'big@example.com',
      message: 'x'.repeat(20_000),
      website: '',
      elapsedMs: 9000,
    },
  });
  expect(oversized.status()).toBeGreaterThanOrEqual(400);
  expect(oversized.status()).toBeLessThan(500);

  // Runs last: the address is now over its allowance of 5 per 10 minutes.
  const statuses: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    const response = await request.post('/api/contact', {
      data: { name: 'Flood', email: 'flood@example.com', message: `${index}`, website: '', elapsedMs: 9000 },
    });
    statuses.push(response.status());
    if (response.status() === 429)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'Πάρα πολλά μηνύματα. Δοκιμάστε ξανά σε λίγα λεπτά.',
      );
  }
  const firstRefusal = statuses.indexOf(429);
  expect(firstRefusal).toBeGreaterThanOrEqual(0);
  expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
});
