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
      const run = async () => {
        const result = await lighthouse(base + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        return result.lhr;
      };
      // A run can end without metrics (a runtime error such as NO_FCP on a busy machine): it is
      // said, and run once more, rather than shown as a score of 0.
      let lhr = await run();
      if (lhr.runtimeError) {
        console.warn(`  Lighthouse ${path}: ${lhr.runtimeError.code}, running it again`);
        lhr = await run();
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page: label,
        score: lhr.runtimeError
          ? Number.NaN
          : Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
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
