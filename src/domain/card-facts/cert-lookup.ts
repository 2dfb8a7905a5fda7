import type { CardFacts, GRADING_COMPANIES } from './facts.ts';

type GradingCompany = (typeof GRADING_COMPANIES)[number];

/** Where a shopper checks a slab's certificate number on the grader's own site. */
export type CertLookup = { href: string; label: string };

/**
 * Each grader's public verification page. PSA, Beckett and CGC open the certificate itself from
 * its number; SGC's lookup takes the number in a form on its page, so the link opens that page and
 * the shopper types the number the product page shows beside it.
 */
const LOOKUPS: Record<GradingCompany, { site: string; href: (number: string) => string }> = {
  PSA: { site: 'PSA', href: (number) => `https://www.psacard.com/cert/${number}` },
  BGS: {
    site: 'Beckett',
    href: (number) => `https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=${number}`,
  },
  SGC: { site: 'SGC', href: () => 'https://www.gosgc.com/cert-code-lookup' },
  CGC: { site: 'CGC', href: (number) => `https://www.cgccards.com/certlookup/${number}/` },
};

/**
 * The verification link of a graded card's certificate number, e.g. «Επαλήθευση στο PSA»; null
 * for a raw card or one without a number. The number is URL-encoded, whatever it holds.
 */
export function certLookup(facts: Pick<CardFacts, 'grader' | 'certNumber'>): CertLookup | null {
  const number = facts.certNumber?.trim() ?? '';
  if (number === '' || facts.grader === null || facts.grader === 'RAW') return null;
  const lookup = LOOKUPS[facts.grader];
  return { href: lookup.href(encodeURIComponent(number)), label: `Επαλήθευση στο ${lookup.site}` };
}
