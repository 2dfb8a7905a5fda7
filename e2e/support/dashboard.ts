import { type AdminSectionSlug, sectionPath } from '../../src/domain/admin/sections.ts';
import { expect, type Locator, type Page } from '../fixtures/test.ts';

/**
 * Opens a dashboard section at its own address (/admin-dashboard/orders, ...), on a page already
 * signed in, and waits until the dashboard knows who is: the section is then on its way in.
 */
export async function openSection(page: Page, slug: AdminSectionSlug): Promise<void> {
  await page.goto(sectionPath(slug));
  await expect(page.getByRole('button', { name: 'Αποσύνδεση' })).toBeVisible();
}

/** The products section with one sport picked and the add/edit form open; answers the form. */
export async function openProductForm(page: Page, sport: string): Promise<Locator> {
  await openSection(page, 'products');
  await page.getByRole('button', { name: sport, exact: true }).click();
  const form = page.getByRole('region', { name: /Προσθήκη Νέου Προϊόντος|Επεξεργασία Προϊόντος/ });
  const toggle = form.getByRole('button', { name: 'Προσθήκη Νέου Προϊόντος' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(form.getByLabel('Τίτλος')).toBeVisible();
  return form;
}

/**
 * Submits the product form with `submit` and waits for the save's answer, as long as the test's
 * time allows (a save through the Shopify double on a busy machine took longer than an expect's
 * 10 s), then for the banner that says `message`, which shows for 3 s.
 */
export async function saveProduct(page: Page, submit: Locator, message: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith('/api/admin/products') &&
      ['POST', 'PUT'].includes(response.request().method()),
    { timeout: 0 },
  );
  await submit.click();
  expect((await answered).ok()).toBe(true);
  await expect(page.getByTestId('success-banner')).toContainText(message);
}

/**
 * Types `text` in a product list's search box and waits for the server's answer to it, as long as
 * the test's time allows (the list reads through the Shopify double in the hosted run, which a busy
 * machine slowed past an expect's 10 s), so that what the test then expects is the searched page.
 */
export async function searchProductList(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/admin/products' && url.searchParams.get('search') === text;
    },
    { timeout: 0 },
  );
  await page.getByLabel('Αναζήτηση (τίτλος ή ομάδα)').fill(text);
  expect((await answered).ok()).toBe(true);
}
