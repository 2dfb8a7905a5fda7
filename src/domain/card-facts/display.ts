import { type CertLookup, certLookup } from './cert-lookup.ts';
import { type CardFacts, CONDITION_LABELS, gradeText, serialText } from './facts.ts';

/** Small badges on a card: RC, AUTO, PATCH, the numbering (/99 or 23/99), the grade (PSA 10). */
export function factBadges(facts: CardFacts): string[] {
  const badges: string[] = [];
  if (facts.rookie) badges.push('RC');
  if (facts.autograph) badges.push('AUTO');
  if (facts.patch) badges.push('PATCH');
  const serial = serialText(facts);
  if (serial) badges.push(serial);
  const grade = gradeText(facts);
  if (grade) badges.push(grade);
  return badges;
}

const yes = (flag: boolean) => (flag ? 'Ναι' : null);

export type FactRow = { label: string; value: string; link?: CertLookup };

const row = (label: string, value: string | null): FactRow | null =>
  value === null ? null : { label, value };

/** The product page's facts table: label and value of every fact the card has, in a fixed order. */
export function factRows(facts: CardFacts): FactRow[] {
  const grade = gradeText(facts);
  const lookup = certLookup(facts);
  const rows: Array<FactRow | null> = [
    row('Χρονιά / σεζόν', facts.year),
    row('Κατασκευαστής', facts.manufacturer),
    row('Σετ', facts.set),
    row('Αριθμός κάρτας', facts.cardNumber === null ? null : `#${facts.cardNumber}`),
    row('Parallel / παραλλαγή', facts.parallel),
    row('Rookie (RC)', yes(facts.rookie)),
    row('Αυτόγραφο', yes(facts.autograph)),
    row('Patch / memorabilia', yes(facts.patch)),
    row('Αρίθμηση', serialText(facts)),
    row('Βαθμολόγηση', grade ?? (facts.grader === 'RAW' ? 'Raw (χωρίς βαθμολόγηση)' : null)),
    // A graded card's certificate, with the link that checks it on the grader's own site.
    grade === null || facts.certNumber === null
      ? null
      : { label: 'Αριθμός πιστοποίησης', value: facts.certNumber, ...(lookup ? { link: lookup } : {}) },
    row('Κατάσταση', facts.condition === null ? null : CONDITION_LABELS[facts.condition]),
  ];
  return rows.filter((candidate) => candidate !== null);
}
