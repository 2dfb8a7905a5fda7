import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('home', () => {
  test('shows the promo, the carousel and 6 Recently Added cards, newest first @phone', async ({ page }) => {
    // Other specs create products, in parallel too: compare with the data once a rebuild has
    // caught up with it, reading both again until they agree.
    await waitForStorefront();
    const recent = page.getByTestId('recently-added').getByTestId('product-card');
    await expect(async () => {
      await page.goto('/');
      await expect(recent).toHaveCount(6);
      const shop = openShop();
      try {
        const newest = await shop.commerce.recentProducts(6);
        const titles = await recent.getByRole('link').allTextContents();
        expect(titles.map((title) => title.trim())).toEqual(newest.map((product) => product.title));
      } finally {
        shop.close();
      }
    }).toPass({ timeout: 120_000, intervals: [1_000, 2_000] });
    await expect(page.getByText("A NEW IDEA THAT'S GOING TO SHAKE THE MARKET!")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Επικοινωνήστε μαζί μας' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('carousel slides link to the three sports and change by arrows, dots, drag and timer', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = page.getByTestId('hero-carousel');
    const slideLinks = carousel.locator('a[aria-roledescription="slide"]');
    await expect(slideLinks).toHaveCount(3);
    expect(await slideLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/singles?category=EUROLEAGUE',
      '/singles?category=SOCCER',
      '/singles?category=NFL',
    ]);
    await expect(carousel).toHaveAttribute('data-index', '0');
    // Clicks reach React only once the island has hydrated (Astro drops `ssr` then).
    await expect(page.locator('astro-island', { has: carousel })).not.toHaveAttribute('ssr');

    await carousel.getByRole('button', { name: 'Προηγούμενη διαφάνεια' }).click();
    await expect(carousel).toHaveAttribute('data-index', '2'); // wraps backwards
    await carousel.getByRole('button', { name: 'Επόμενη διαφάνεια' }).click();
    await expect(carousel).toHaveAttribute('data-index', '0'); // wraps forwards
    await carousel.getByRole('button', { name: 'Διαφάνεια 2' }).click();
    await expect(carousel).toHaveAttribute('data-index', '1');

    // A drag of 150 px to the left goes to the next slide; one of 60 px does nothing.
    const box = await carousel.boundingBox();
    if (!box) throw new Error('carousel has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, y, { steps: 4 });
    await page.mouse.up();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 150, y, { steps: 6 });
    await page.mouse.up();
    await expect(carousel).toHaveAttribute('data-index', '2');

    // Left alone, it advances by itself after 5 s and wraps to the first slide.
    await expect(carousel).toHaveAttribute('data-index', '0', { timeout: 7_000 });
  });

  test('an unknown path shows the home page with status 404 @phone', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Recently Added' })).toBeVisible();
    await expect(page.getByTestId('recently-added').getByTestId('product-card')).toHaveCount(6);
  });
});
