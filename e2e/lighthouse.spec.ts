import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, HEADLESS_CHROMIUM_FLAGS } from '../scripts/chromium.ts';
import { expect, test } from './fixtures/test.ts';
import { newestProductPage } from './support/page-types.ts';

/**
 * Lighthouse SEO and accessibility, 100 each, on the four pages search engines care most about.
 * Desktop form factor without simulated throttling: these categories do not depend on speed, and
 * it keeps the run short (speed is measured by `npm run bench`).
 */
test('Lighthouse scores SEO 100 and accessibility 100 on home, singles, a product and a player', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  const pages = [
    '/',
    '/singles',
    await newestProductPage(),
    '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks',
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: HEADLESS_CHROMIUM_FLAGS,
  });
  try {
    const scores: string[] = [];
    for (const path of pages) {
      const result = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['seo', 'accessibility'],
        formFactor: 'desktop',
        screenEmulation: { disabled: true },
        throttlingMethod: 'provided',
        // Screenshots feed no SEO or accessibility audit.
        disableFullPageScreenshot: true,
        skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const failed = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      scores.push(
        `${path}: seo ${score('seo')}, accessibility ${score('accessibility')}${failed.length ? ` (${failed.join(', ')})` : ''}`,
      );
    }
    expect(scores).toEqual(pages.map((path) => `${path}: seo 100, accessibility 100`));
  } finally {
    chrome.kill();
  }
});
