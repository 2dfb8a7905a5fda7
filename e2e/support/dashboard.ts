import { type AdminSectionSlug, sectionPath } from '../../src/domain/admin/sections.ts';
import { expect, type Page } from '../fixtures/test.ts';

/**
 * Opens a dashboard section at its own address (/admin-dashboard/orders, ...), on a page already
 * signed in, and waits until the dashboard knows who is: the section is then on its way in.
 */
export async function openSection(page: Page, slug: AdminSectionSlug): Promise<void> {
  await page.goto(sectionPath(slug));
  await expect(page.getByRole('button', { name: 'Αποσύνδεση' })).toBeVisible();
}
