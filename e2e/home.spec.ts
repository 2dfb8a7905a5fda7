import sharp from 'sharp';
import { HOME_SLIDES, headlineText, SIDE_PANEL } from '../src/domain/carousel/home-slides.ts';

import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, type Locator, type Page, test } from './fixtures/test.ts';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(r: number, g: number, b: number): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The worst contrast white text could have anywhere in `box`: the page is shot with the words
 * hidden, and the brightest pixel behind them counts. axe cannot judge text over a picture (it
 * reports it as "needs review"), so this measures what a reader sees.
 */
async function worstContrastOfWhite(page: Page, text: Locator, part: Locator): Promise<number> {
  // No scrollIntoView: it would scroll the carousel's own strip sideways, off the slide.
  const box = await boxOf(part);
  await text.evaluate((element: HTMLElement) => {
    element.style.visibility = 'hidden';
  });
  // The viewport in CSS pixels, cut to the box here: a screenshot clip the browser finds outside
  // its image fails the whole test, where the part of the box in view is what a reader sees.
  const shot = await page.screenshot({ animations: 'disabled', scale: 'css' });
  await text.evaluate((element: HTMLElement) => {
    element.style.visibility = '';
  });
  const { width: shotWidth = 0, height: shotHeight = 0 } = await sharp(shot).metadata();
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const width = Math.min(shotWidth, Math.ceil(box.x + box.width)) - left;
  const height = Math.min(shotHeight, Math.ceil(box.y + box.height)) - top;
  expect(width > 0 && height > 0, `${part} is in view (${JSON.stringify(box)})`).toBe(true);
  const { data, info } = await sharp(shot)
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let brightest = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    brightest = Math.max(brightest, luminance(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0));
  }
  return 1.05 / (brightest + 0.05);
}

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
    // The page's timers on a clock the test can move on (time flows as usual until it does).
    await page.clock.install();
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

    // While the pointer rests on it (and focus is inside it) it holds still past the 5 s...
    await page.clock.fastForward(6_000);
    await expect(carousel).toHaveAttribute('data-index', '2');
    // ...and left alone it advances by itself after 5 s and wraps to the first slide.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // React sets its timer up again once it has re-rendered, within a frame or two.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.clock.fastForward(5_000);
    await expect(carousel).toHaveAttribute('data-index', '0');
  });

  test('the banner words are text over the picture, readable and clear of the controls @phone', async ({
    page,
  }) => {
    // Issue 30: the words were baked into the picture and shrank to about 7 px on a phone. The phone
    // project checks the 390 px the issue names; the desktop one a wide screen and the narrowest
    // width where the arrows are laid over the picture.
    const widths = test.info().project.name === 'phone' ? [390] : [1280, 640];
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const carousel = page.getByTestId('hero-carousel');
    await expect(page.locator('astro-island', { has: carousel })).not.toHaveAttribute('ssr');
    const arrows = [
      carousel.getByRole('button', { name: 'Προηγούμενη διαφάνεια' }),
      carousel.getByRole('button', { name: 'Επόμενη διαφάνεια' }),
    ];
    const slides = carousel.locator('a[aria-roledescription="slide"]');

    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      for (const [index, slide] of HOME_SLIDES.entries()) {
        // A dot restarts the 5 s timer: the checks below run well inside it.
        await carousel.getByRole('button', { name: `Διαφάνεια ${index + 1}` }).click();
        await expect(carousel).toHaveAttribute('data-index', String(index));
        const current = slides.nth(index);
        const carouselBox = await boxOf(carousel);
        await expect.poll(async () => Math.round((await boxOf(current)).x)).toBe(Math.round(carouselBox.x));
        const where = `slide ${index + 1} at ${width} px`;

        const headline = current.getByTestId('slide-headline');
        await expect(headline, where).toHaveText(headlineText(slide));
        await expect(current.getByTestId('slide-lead'), where).toHaveText(slide.lead);
        // The link is named by its words, after its place among the slides.
        await expect(current, where).toHaveAccessibleName(
          new RegExp(`^${index + 1} από 3:\\s*${slide.sport}\\s*${headlineText(slide)}\\s*${slide.lead}`),
        );
        const fontSize = await headline.evaluate((element) =>
          Number.parseFloat(getComputedStyle(element).fontSize),
        );
        expect(fontSize, where).toBeGreaterThanOrEqual(width < 640 ? 16 : 30);

        // Every word of the slide lies on the picture, and no control covers any of them.
        const slideBox = await boxOf(current);
        const controls = [
          ...arrows,
          ...HOME_SLIDES.map((_, dot) => carousel.getByRole('button', { name: `Διαφάνεια ${dot + 1}` })),
        ];
        const words = current.getByTestId('slide-text').locator(':scope > :not(.sr-only)');
        expect(await words.count()).toBe(4);
        for (const word of await words.all()) {
          const box = await boxOf(word);
          const label = `${where}: «${(await word.textContent())?.trim()}»`;
          expect(box.x, label).toBeGreaterThanOrEqual(slideBox.x);
          expect(box.y, label).toBeGreaterThanOrEqual(slideBox.y);
          expect(box.x + box.width, label).toBeLessThanOrEqual(slideBox.x + slideBox.width);
          expect(box.y + box.height, label).toBeLessThanOrEqual(slideBox.y + slideBox.height);
          for (const control of controls) {
            expect(
              overlaps(box, await boxOf(control)),
              `${label} under ${await control.getAttribute('aria-label')}`,
            ).toBe(false);
          }
        }

        // White words keep AA contrast (4.5:1) over the brightest part of the picture behind them.
        const text = current.getByTestId('slide-text');
        for (const part of [headline, current.getByTestId('slide-lead')]) {
          const contrast = await worstContrastOfWhite(page, text, part);
          expect(contrast, `${where}: contrast behind «${await part.textContent()}»`).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
    }

    // On wide screens the static picture beside the carousel carries words too: text, over a veil.
    if (widths.includes(1280)) {
      await page.setViewportSize({ width: 1280, height: 844 });
      const side = page.getByTestId('home-side-text');
      await expect(side.locator('p')).toHaveText([headlineText(SIDE_PANEL), SIDE_PANEL.lead]);
      for (const part of await side.locator('p').all()) {
        const contrast = await worstContrastOfWhite(page, side, part);
        expect(contrast, `contrast behind «${await part.textContent()}»`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  test('an unknown path shows the home page with status 404 @phone', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Recently Added' })).toBeVisible();
    await expect(page.getByTestId('recently-added').getByTestId('product-card')).toHaveCount(6);
  });
});
