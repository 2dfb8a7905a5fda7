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
