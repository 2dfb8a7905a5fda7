import { ADMIN_SECTIONS, type AdminSectionSlug, sectionPath } from '../src/domain/admin/sections.ts';
import { ADMIN, signInBody } from './fixtures/backends.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

/** The dashboard's own layout (issue 33): a page a section, its navigation, the way back after sign-in. */

/** The heading each section's page shows (its component's own words). */
const HEADINGS: Record<AdminSectionSlug, string | RegExp> = {
  overview: 'Επισκόπηση',
  products: 'Διαχείριση Προϊόντων',
  orders: /^Παραγγελίες( \d+ νέες?)?$/,
  customers: 'Πελάτες',
  players: 'Διαχείριση Παικτών',
  messages: /^Μηνύματα επικοινωνίας( \d+ νέα)?$/,
  mail: 'Εξερχόμενα email',
  csv: 'Κατάλογος σε CSV (εξαγωγή και εισαγωγή)',
  storefront: 'Κατάσταση καταστήματος',
  settings: 'Ρυθμίσεις καταστήματος',
  account: 'Λογαριασμός και ασφάλεια',
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Ενότητες διαχείρισης' });

async function signIn(page: Page) {
  expect((await page.request.post('/api/session', { data: await signInBody() })).status()).toBe(200);
}

/** The section shown, open, and marked in the navigation; nothing of the storefront's shell. */
async function expectSection(page: Page, slug: AdminSectionSlug, label: string) {
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 2, name: HEADINGS[slug] });
  await expect(heading).toBeVisible();
  // Open on its own page: no toggle in its heading, and no other section beside it.
  await expect(heading.getByRole('button')).toHaveCount(0);
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(1);
  const current = nav(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(label);
  await expect(current).toHaveAttribute('href', sectionPath(slug));
  await expect(page).toHaveTitle(new RegExp(`^${label} · Πίνακας διαχείρισης`));
  // The dashboard's own bar, not the storefront's: no cart, no shop menu, no footer.
  await expect(page.getByTestId('cart-link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Καλάθι/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Κύριο μενού' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Προβολή καταστήματος/ })).toHaveAttribute('href', '/');
}

test('every section opens at its own address and again after a reload, marked in the navigation', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  for (const { slug, label } of ADMIN_SECTIONS) {
    await openSection(page, slug);
    await expect(page).toHaveURL(new RegExp(`${sectionPath(slug)}$`));
    await expectSection(page, slug, label);
    await page.reload();
    await expect(page.getByText(`Συνδεδεμένος ως ${ADMIN.email}`)).toBeVisible();
    await expectSection(page, slug, label);
  }
});

test('the navigation links every section, and the keyboard reaches and follows them', async ({ page }) => {
  await signIn(page);
  await openSection(page, 'overview');
  const links = nav(page).getByRole('link');
  await expect(links).toHaveText(ADMIN_SECTIONS.map((section) => section.label));
  for (const [index, section] of ADMIN_SECTIONS.entries())
    await expect(links.nth(index)).toHaveAttribute('href', sectionPath(section.slug));

  // From the top of the page, Tab reaches the orders' link; Enter follows it.
  const orders = nav(page).getByRole('link', { name: 'Παραγγελίες', exact: true });
  await page.locator('body').focus();
  for (let presses = 0; presses < 15; presses += 1) {
    if (await orders.evaluate((link) => link === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(orders).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-dashboard\/orders$/);
  await expectSection(page, 'orders', 'Παραγγελίες');
});

test('the navigation is a sidebar on a desktop and a bar that scrolls sideways on a phone @phone', async ({
  page,
}) => {
  await signIn(page);
  // The last section: on a phone the bar must scroll to show it.
  await openSection(page, 'account');
  const bar = nav(page);
  const main = page.getByRole('main');
  const barBox = await bar.boundingBox();
  const mainBox = await main.boundingBox();
  if (!barBox || !mainBox) throw new Error('the navigation or the main content is not shown');
  const width = page.viewportSize()?.width ?? 1280;
  const phone = width < 1024;

  for (const link of await bar.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  const current = bar.locator('a[aria-current="page"]');
  await expect(current).toHaveText('Λογαριασμός');
  await expect(current).toBeInViewport({ ratio: 1 });

  if (phone) {
    // Above the content, one row, wider than the screen inside itself only.
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(mainBox.y + 1);
    const list = bar.getByRole('list');
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A tap on another section opens it.
    const first = bar.getByRole('link', { name: 'Επισκόπηση', exact: true });
    await first.scrollIntoViewIfNeeded();
    await first.tap();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expectSection(page, 'overview', 'Επισκόπηση');
  } else {
    // Beside the content, every link in one column.
    expect(barBox.x + barBox.width).toBeLessThanOrEqual(mainBox.x + 1);
    const boxes = await Promise.all((await bar.getByRole('link').all()).map((link) => link.boundingBox()));
    expect(new Set(boxes.map((box) => Math.round(box?.x ?? -1))).size).toBe(1);
  }
});

test('signed out, a section sends to the sign-in page, which returns there after signing in', async ({
  page,
}) => {
  await page.goto('/admin-dashboard/orders');
  await expect(page).toHaveURL(/\/admin-login\?next=%2Fadmin-dashboard%2Forders$/);
  const submit = page.getByRole('button', { name: 'Σύνδεση', exact: true });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Κωδικός πρόσβασης').fill(ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin-dashboard\/orders$/);
  await expectSection(page, 'orders', 'Παραγγελίες');

  // Signed in already, the sign-in page sends on to the address it names.
  await page.goto(`/admin-login?next=${encodeURIComponent('/admin-dashboard/mail')}`);
  await expect(page).toHaveURL(/\/admin-dashboard\/mail$/);
});

test('a return address outside the dashboard is ignored: signing in lands on the dashboard', async ({
  page,
}) => {
  for (const outside of ['https://evil.example/admin-dashboard', '//evil.example/admin-dashboard', '/cart']) {
    await page.context().clearCookies();
    await page.goto(`/admin-login?next=${encodeURIComponent(outside)}`);
    const submit = page.getByRole('button', { name: 'Σύνδεση', exact: true });
    await expect(submit).toBeEnabled();
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Κωδικός πρόσβασης').fill(ADMIN.password);
    await submit.click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByText(`Συνδεδεμένος ως ${ADMIN.email}`)).toBeVisible();
  }
});

test('the section pages are the owner’s: never framed or cached; a section has one address only', async ({
  request,
}) => {
  for (const { slug } of ADMIN_SECTIONS) {
    const response = await request.get(sectionPath(slug));
    expect(response.status(), slug).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy'], slug).toMatch(/frame-ancestors 'none'$/);
    expect(headers['x-frame-options'], slug).toBe('DENY');
    expect(headers['cache-control'], slug).toBe('no-store');
    // The shell is pre-rendered: it waits for the session, and holds no cart.
    const html = await response.text();
    expect(html, slug).toContain('Φόρτωση...');
    expect(html, slug).not.toContain('cart-link');
  }
  expect((await request.get('/admin-dashboard/overview')).status()).toBe(404);
  expect((await request.get('/admin-dashboard/no-such-section')).status()).toBe(404);
});
