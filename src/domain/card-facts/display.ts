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

/** The product page's facts table: label and value of every fact the card has, in a fixed order. */
export function factRows(facts: CardFacts): Array<{ label: string; value: string }> {
  const rows: Array<[string, string | null]> = [
    ['Χρονιά / σεζόν', facts.year],
    ['Κατασκευαστής', facts.manufacturer],
    ['Σετ', facts.set],
    ['Αριθμός κάρτας', facts.cardNumber === null ? null : `#${facts.cardNumber}`],
    ['Parallel / παραλλαγή', facts.parallel],
    ['Rookie (RC)', yes(facts.rookie)],
    ['Αυτόγραφο', yes(facts.autograph)],
    ['Patch / memorabilia', yes(facts.patch)],
    ['Αρίθμηση', serialText(facts)],
    ['Βαθμολόγηση', gradeText(facts) ?? (facts.grader === 'RAW' ? 'Raw (χωρίς βαθμολόγηση)' : null)],
    ['Κατάσταση', facts.condition === null ? null : CONDITION_LABELS[facts.condition]],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}
