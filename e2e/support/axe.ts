import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.x A and AA, and axe's best practices (heading-order, landmarks, ...): every impact counts. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one line each (rule, impact, help, where).
 *
 * axe-core goes into the page once (our pages have no frames), not again for each check of the
 * same page: @axe-core/playwright's AxeBuilder put its 650 KB in twice per check, 0.3 to 0.6 s of
 * the page's CPU each time, more than most pages' checks took. axe is asked for violations only:
 * it then skips describing every node that passed, most of its time on a long page.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.map(
      ({ id, impact, help, nodes }) =>
        `${id} (${impact}): ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }, TAGS);
}
