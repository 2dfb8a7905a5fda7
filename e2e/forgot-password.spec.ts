import type { APIRequestContext } from '@playwright/test';
import { RESET_MESSAGES } from '../src/domain/auth/password-reset.ts';
import { backendEnv, HOSTED, signInBody } from './fixtures/backends.ts';
import { retryingResets } from './fixtures/resets.ts';
import { createAdminAccount, openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';

/** An account of its own, so resetting its password leaves the other specs' admin alone. */
const OWNER = { email: `forgetful-${Date.now()}@example.com`, password: 'the old password 2026' };
const NEW_PASSWORD = 'the new password 2026';

test.beforeAll(async () => {
  await createAdminAccount(OWNER.email, OWNER.password);
});

/** The newest reset link mailed to the owner: from the outbox, or (Firebase) the Auth emulator's codes. */
async function mailedLink(): Promise<string | null> {
  if (HOSTED) {
    const env = backendEnv();
    const response = await fetch(
      `${env.PUBLIC_FIREBASE_AUTH_EMULATOR_URL}/emulator/v1/projects/${env.FIREBASE_PROJECT_ID}/oobCodes`,
    );
    const { oobCodes = [] } = (await response.json()) as {
      oobCodes?: Array<{ email: string; oobLink: string; requestType: string }>;
    };
    return (
      oobCodes.findLast((code) => code.email === OWNER.email && code.requestType === 'PASSWORD_RESET')
        ?.oobLink ?? null
    );
  }
  const shop = openShop();
  try {
    const mail = (await shop.mail.listOutbox({ limit: 200 })).find(
      (entry) => entry.kind === 'password-reset' && entry.to === OWNER.email,
    );
    return mail ? (/https?:\/\/\S+/.exec(mail.text)?.[0] ?? null) : null;
  } finally {
    shop.close();
  }
}

/** «Ξεχάσατε τον κωδικό;» on the login page, for the owner's email, up to the one answer. */
async function askForLink(page: Page): Promise<void> {
  await page.goto('/admin-login');
  await page.getByRole('button', { name: 'Ξεχάσατε τον κωδικό;' }).click();
  const form = page.getByRole('form', { name: 'Νέος κωδικός' });
  await form.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
  await expect(form.getByText(RESET_MESSAGES.emailRequired)).toBeVisible();
  await form.getByLabel('Email λογαριασμού').fill(OWNER.email);
  await form.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RESET_MESSAGES.requested);
}

async function signedIn(request: APIRequestContext): Promise<number> {
  return (await request.get('/api/admin/account')).status();
}

test('a forgotten password: the link from the mail sets a new one, ends the other sessions, and the new one signs in', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.skip(HOSTED, "Firebase's mail links to Firebase's own page: the next test");
  // Another device still signed in with the old password.
  const phone = retryingResets(await playwright.request.newContext({ baseURL: baseURL ?? '' }));
  try {
    expect(
      (await phone.post('/api/session', { data: await signInBody(OWNER.email, OWNER.password) })).status(),
    ).toBe(200);
    expect(await signedIn(phone)).toBe(200);

    await askForLink(page);
    // The same answer, status and body, for an email that is no admin's.
    const unknown = await page.request.post('/api/session/forgot', {
      data: { email: 'nobody-e2e@example.com' },
    });
    expect(unknown.status()).toBe(200);
    expect(await unknown.json()).toEqual({ ok: true, message: RESET_MESSAGES.requested });
    // Bad input is a Greek 400, and another site's page may not ask at all.
    const bad = await page.request.post('/api/session/forgot', { data: { email: 'not-an-email' } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.fields.email).toBe(RESET_MESSAGES.emailInvalid);
    const foreign = await page.request.post('/api/session/forgot', {
      headers: { origin: 'https://evil.example' },
      data: { email: OWNER.email },
    });
    expect(foreign.status()).toBe(403);

    // The link from the outbox (the shop's SITE_URL may name another host than the tests use).
    const link = new URL((await mailedLink()) ?? '');
    expect(link.pathname).toBe('/admin-reset-password');
    const response = await page.goto(`${link.pathname}${link.search}`);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const form = page.getByRole('form', { name: 'Νέος κωδικός' });
    const fresh = form.getByLabel('Νέος κωδικός (τουλάχιστον 12 χαρακτήρες)');
    const confirm = form.getByLabel('Επιβεβαίωση νέου κωδικού');
    const save = form.getByRole('button', { name: 'Ορισμός νέου κωδικού' });
    await expect(save).toBeEnabled();
    await fresh.fill('short');
    await confirm.fill('other');
    await save.click();
    await expect(form.getByText('Ο νέος κωδικός πρέπει να έχει τουλάχιστον 12 χαρακτήρες.')).toBeVisible();
    await expect(form.getByText('Οι δύο νέοι κωδικοί δεν ταιριάζουν.')).toBeVisible();
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await save.click();
    await expect(page.getByRole('main').getByRole('status')).toContainText(RESET_MESSAGES.done);

    // The other device is signed out, the link works once, and the old password no longer signs in.
    expect(await signedIn(phone)).toBe(403);
    const again = await page.request.post('/api/session/reset', {
      data: {
        token: link.searchParams.get('token'),
        newPassword: 'a third password 2026',
        confirmPassword: 'a third password 2026',
      },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).error.message).toBe(RESET_MESSAGES.linkUsed);
    expect(
      (await phone.post('/api/session', { data: await signInBody(OWNER.email, OWNER.password) })).status(),
    ).toBe(401);

    await page.getByRole('link', { name: 'Σύνδεση' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    const submit = page.getByRole('button', { name: 'Σύνδεση', exact: true });
    await expect(submit).toBeEnabled();
    await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
    await page.getByLabel('Κωδικός πρόσβασης').fill(NEW_PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByText(`Συνδεδεμένος ως ${OWNER.email}`)).toBeVisible();
  } finally {
    await phone.dispose();
  }
});

test("on Firebase Auth the same link has Firebase send its own reset mail, and the shop's page says so @hosted", async ({
  page,
}) => {
  test.skip(!HOSTED, 'runs with E2E_BACKENDS=hosted');
  await askForLink(page);
  await expect.poll(mailedLink, { timeout: 20_000 }).not.toBeNull();
  await page.goto('/admin-reset-password?token=anything');
  await expect(page.getByText(RESET_MESSAGES.firebaseLink)).toBeVisible();
});
