import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';

const PAGES = [
  '/',
  '/singles',
  '/singles?category=NBA',
  '/mystery-packs',
  '/LOT',
  '/offers',
  '/about-us',
  '/contact-us',
  '/coming-soon',
  '/cart',
  '/checkout',
  '/accessibility',
  '/privacy',
  '/cookies',
  '/terms',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
  '/admin-login',
  '/no/such/page',
];

/** Pages also checked on a phone, where the layout differs most. */
const PHONE = new Set([
  '/',
  '/singles',
  '/offers',
  '/cart',
  '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
]);

/** axe on every storefront page: no serious or critical violation (WCAG 2.x A and AA rules). */
for (const url of PAGES) {
  test(`axe finds no serious or critical problem on ${url}${PHONE.has(url) ? ' @phone' : ''}`, async ({
    page,
  }) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  });
}

test('axe finds no serious or critical problem on a product page and with the menus open', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('recently-added').getByRole('link').first().click();
  await page.waitForLoadState('networkidle');
  let results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
  ).toEqual([]);

  await page.getByRole('button', { name: /SINGLES/ }).click();
  await page.getByRole('button', { name: 'NBA', exact: true }).click();
  results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
  ).toEqual([]);
});
