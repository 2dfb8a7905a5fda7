import type { APIRequestContext } from '@playwright/test';
import { HOSTED, signInBody } from './fixtures/backends.ts';
import { retryingResets } from './fixtures/resets.ts';
import { createAdminAccount } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/** An account of its own, so changing its password leaves the other specs' admin alone. */
const OWNER = { email: `owner-${Date.now()}@example.com`, password: 'first password 2026' };
const NEW_PASSWORD = 'second password 2026';

test.beforeAll(async () => {
  await createAdminAccount(OWNER.email, OWNER.password);
});

async function signIn(request: APIRequestContext, password: string) {
  return request.post('/api/session', { data: await signInBody(OWNER.email, password) });
}

async function openAccount(page: Page) {
  await openSection(page, 'account');
  await expect(page.getByText(OWNER.email)).toBeVisible();
}

test('the admin sees sessions and sign-ins, changes the password (ending other sessions) and ends a session @hosted', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Another device: a second browser signed in with the same account.
  const phone = retryingResets(
    await playwright.request.newContext({
      baseURL: baseURL ?? '',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
    }),
  );
  try {
    expect((await signIn(phone, OWNER.password)).status()).toBe(200);
    expect((await signIn(page.request, 'a wrong password')).status()).toBe(401);
    expect((await signIn(page.request, OWNER.password)).status()).toBe(200);

    await openAccount(page);
    const sessions = page.getByTestId('admin-session');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'Αυτή η συσκευή' })).toHaveCount(1);
    await expect(sessions.filter({ hasText: 'Chrome σε Android' })).toHaveCount(1);
    const signIns = page.getByTestId('admin-sign-in');
    await expect(signIns.first()).toContainText('Επιτυχής');
    if (HOSTED) {
      // Firebase refuses a wrong password itself: the shop never learns whose it was.
      await expect(signIns).toHaveCount(2);
    } else {
      await expect(signIns).toHaveCount(3);
      await expect(signIns.nth(1)).toContainText('Αποτυχημένη');
    }

    // The form checks in the browser first, and the server checks the current password.
    const current = page.getByLabel('Τρέχων κωδικός');
    const fresh = page.getByLabel('Νέος κωδικός (τουλάχιστον 12 χαρακτήρες)');
    const confirm = page.getByLabel('Επιβεβαίωση νέου κωδικού');
    const change = page.getByRole('button', { name: 'Αλλαγή κωδικού' });
    await current.fill(OWNER.password);
    await fresh.fill('short');
    await confirm.fill('other');
    await change.click();
    await expect(page.getByText('Ο νέος κωδικός πρέπει να έχει τουλάχιστον 12 χαρακτήρες.')).toBeVisible();
    await expect(page.getByText('Οι δύο νέοι κωδικοί δεν ταιριάζουν.')).toBeVisible();

    await current.fill('not the password at all');
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await change.click();
    await expect(page.getByText('Ο τρέχων κωδικός δεν είναι σωστός.')).toBeVisible();
    expect((await phone.get('/api/admin/account')).status()).toBe(200);

    await current.fill(OWNER.password);
    await change.click();
    await expect(
      page.getByText('Ο κωδικός άλλαξε. Οι συνδέσεις σε άλλες συσκευές τερματίστηκαν.'),
    ).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(sessions).toHaveCount(1);
    // The other device is signed out; this one stays; the old password no longer opens the door.
    expect((await phone.get('/api/admin/account')).status()).toBe(403);
    await page.reload();
    await expect(page.getByText(OWNER.email)).toBeVisible();
    expect((await signIn(phone, OWNER.password)).status()).toBe(401);

    // Signed in again elsewhere, that session is ended from the dashboard.
    expect((await signIn(phone, NEW_PASSWORD)).status()).toBe(200);
    await openAccount(page);
    await expect(sessions).toHaveCount(2);
    await sessions
      .filter({ hasText: 'Chrome σε Android' })
      .getByRole('button', { name: 'Τερματισμός' })
      .click();
    await expect(page.getByText('Η σύνδεση τερματίστηκε.')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect((await phone.get('/api/admin/account')).status()).toBe(403);
  } finally {
    await phone.dispose();
  }
});

test('the account endpoints check the session and the input on the server', async ({ request, baseURL }) => {
  // Sent as the shop's own pages send them: from the same origin.
  const headers = { origin: String(baseURL) };
  expect((await request.get('/api/admin/account')).status()).toBe(401);
  expect((await request.delete('/api/admin/account/sessions', { headers })).status()).toBe(401);
  expect(
    (
      await request.post('/api/admin/account/password', { data: { currentPassword: 'x', newPassword: 'y' } })
    ).status(),
  ).toBe(401);

  expect((await signIn(request, NEW_PASSWORD)).status()).toBe(200);
  const weak = await request.post('/api/admin/account/password', {
    data: { currentPassword: NEW_PASSWORD, newPassword: 'short', confirmPassword: 'short' },
  });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).error.fields).toEqual({
    newPassword: 'Ο νέος κωδικός πρέπει να έχει τουλάχιστον 12 χαρακτήρες.',
  });
  const unknown = await request.delete('/api/admin/account/sessions/no-such-session', { headers });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.message).toBe('Η σύνδεση δεν βρέθηκε.');
  const others = await request.delete('/api/admin/account/sessions', { headers });
  expect(others.status()).toBe(200);
});
