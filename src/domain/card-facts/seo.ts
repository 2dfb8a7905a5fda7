import type { PropertyValue } from 'schema-dts';
import { type CardFacts, CONDITION_LABELS, gradeText, serialText } from './facts.ts';

export type ItemCondition =
  | 'https://schema.org/NewCondition'
  | 'https://schema.org/UsedCondition'
  | 'https://schema.org/DamagedCondition';

/**
 * schema.org's condition of a card (decision 051): as pulled from the pack (Mint, Near Mint, or
 * graded 9 and up) is new; handled cards are used; Poor, or a grade under 2, is damaged. Without
 * any condition fact the card is new, as decision 043 says of singles.
 */
export function itemConditionOf(facts: CardFacts): ItemCondition {
  const graded = facts.grader !== null && facts.grader !== 'RAW' && facts.grade !== null;
  if (graded) {
    const grade = facts.grade ?? 10;
    if (grade >= 9) return 'https://schema.org/NewCondition';
    return grade < 2 ? 'https://schema.org/DamagedCondition' : 'https://schema.org/UsedCondition';
  }
  switch (facts.condition) {
    case null:
    case 'MINT':
    case 'NEAR_MINT':
      return 'https://schema.org/NewCondition';
    case 'POOR':
      return 'https://schema.org/DamagedCondition';
    default:
      return 'https://schema.org/UsedCondition';
  }
}

const property = (name: string, value: string | boolean | number): PropertyValue => ({
  '@type': 'PropertyValue',
  name,
  value,
});

/** The facts other than maker and condition, as schema.org additionalProperty (English names, as the hobby uses them). */
export function factProperties(facts: CardFacts): PropertyValue[] {
  const properties: PropertyValue[] = [];
  if (facts.year !== null) properties.push(property('Season', facts.year));
  if (facts.set !== null) properties.push(property('Set', facts.set));
  if (facts.cardNumber !== null) properties.push(property('Card number', facts.cardNumber));
  if (facts.parallel !== null) properties.push(property('Parallel', facts.parallel));
  if (facts.rookie) properties.push(property('Rookie card', true));
  if (facts.autograph) properties.push(property('Autograph', true));
  if (facts.patch) properties.push(property('Memorabilia / patch', true));
  const serial = serialText(facts);
  if (serial !== null) properties.push(property('Serial number', serial));
  const grade = gradeText(facts);
  if (grade !== null) {
    properties.push(property('Grader', facts.grader ?? ''));
    properties.push(property('Grade', facts.grade ?? 0));
    if (facts.certNumber !== null) properties.push(property('Certificate number', facts.certNumber));
  }
  if (facts.condition !== null) properties.push(property('Condition', CONDITION_LABELS[facts.condition]));
  return properties;
}
