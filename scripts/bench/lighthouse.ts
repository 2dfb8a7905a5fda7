import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HEADLESS_CHROMIUM_FLAGS } from '../chromium.ts';

export type LighthouseRow = { page: string; score: number; 'LCP ms': number; CLS: number; 'TBT ms': number };

/** Lighthouse's mobile performance run (its default: simulated slow 4G and a mid-range phone). */
export async function lighthouseMobile(
  chromePath: string,
  base: string,
  pages: Array<{ label: string; path: string }>,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: HEADLESS_CHROMIUM_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const { label, path } of pages) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page: label,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        'LCP ms': Math.round(audit('largest-contentful-paint')),
        CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
        'TBT ms': Math.round(audit('total-blocking-time')),
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}
