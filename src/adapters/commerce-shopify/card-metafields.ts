import { type CardFacts, cardFactsSchema, EMPTY_FACTS, type FactName } from '../../domain/card-facts.ts';

/**
 * Card facts as Shopify product metafields in the `card` namespace (decision 052). One metafield
 * per fact, typed, with a definition the adapter creates when missing (storefront-readable, so the
 * Storefront API can read them). An unset fact is no metafield at all.
 */
export const CARD_NAMESPACE = 'card';

type MetafieldType = 'single_line_text_field' | 'boolean' | 'number_integer' | 'number_decimal';

export const CARD_METAFIELDS: ReadonlyArray<{
  fact: FactName;
  key: string;
  type: MetafieldType;
  name: string;
}> = [
  { fact: 'year', key: 'year', type: 'single_line_text_field', name: 'Card: Year' },
  { fact: 'manufacturer', key: 'manufacturer', type: 'single_line_text_field', name: 'Card: Manufacturer' },
  { fact: 'set', key: 'set', type: 'single_line_text_field', name: 'Card: Set' },
  { fact: 'cardNumber', key: 'card_number', type: 'single_line_text_field', name: 'Card: Card number' },
  { fact: 'parallel', key: 'parallel', type: 'single_line_text_field', name: 'Card: Parallel' },
  { fact: 'rookie', key: 'rookie', type: 'boolean', name: 'Card: Rookie' },
  { fact: 'autograph', key: 'autograph', type: 'boolean', name: 'Card: Autograph' },
  { fact: 'patch', key: 'patch', type: 'boolean', name: 'Card: Patch' },
  { fact: 'serialNumber', key: 'serial_number', type: 'number_integer', name: 'Card: Serial number' },
  { fact: 'printRun', key: 'print_run', type: 'number_integer', name: 'Card: Print run' },
  { fact: 'grader', key: 'grader', type: 'single_line_text_field', name: 'Card: Grader' },
  { fact: 'grade', key: 'grade', type: 'number_decimal', name: 'Card: Grade' },
  { fact: 'condition', key: 'condition', type: 'single_line_text_field', name: 'Card: Condition' },
];

export type MetafieldInput = { namespace: string; key: string; type: MetafieldType; value: string };

/** The metafields a product's facts set, and the keys of the facts it leaves unset. */
export function factsToMetafields(facts: CardFacts): { set: MetafieldInput[]; unset: string[] } {
  const set: MetafieldInput[] = [];
  const unset: string[] = [];
  for (const field of CARD_METAFIELDS) {
    const value = facts[field.fact];
    if (value === null || value === false) unset.push(field.key);
    else set.push({ namespace: CARD_NAMESPACE, key: field.key, type: field.type, value: String(value) });
  }
  return { set, unset };
}

/**
 * Facts from the metafields Shopify holds. A value someone typed in Shopify's admin that breaks a
 * rule (a grade of 11) is left out, not the whole card's facts.
 */
export function metafieldsToFacts(
  metafields: ReadonlyArray<{ key: string; value: string } | null>,
): CardFacts {
  const values = new Map(metafields.flatMap((field) => (field ? [[field.key, field.value] as const] : [])));
  const candidate: Record<string, unknown> = { ...EMPTY_FACTS };
  for (const field of CARD_METAFIELDS) {
    const raw = values.get(field.key);
    if (raw === undefined || raw === '') continue;
    if (field.type === 'boolean') candidate[field.fact] = raw === 'true';
    else if (field.type === 'number_integer' || field.type === 'number_decimal') {
      const number = Number(raw);
      if (Number.isFinite(number)) candidate[field.fact] = number;
    } else candidate[field.fact] = raw;
  }
  for (let attempt = 0; attempt < CARD_METAFIELDS.length; attempt += 1) {
    const result = cardFactsSchema.safeParse(candidate);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const fact = issue.path[0] as FactName;
      // A graded card whose grade was left out is no longer graded.
      if (fact === 'grade' && candidate.grade === null) candidate.grader = null;
      candidate[fact] = EMPTY_FACTS[fact];
    }
  }
  return EMPTY_FACTS;
}

/** The Storefront API's `metafields(identifiers:)` argument for every card fact, as GraphQL text. */
export const CARD_METAFIELD_IDENTIFIERS = `[${CARD_METAFIELDS.map(
  (field) => `{namespace: "${CARD_NAMESPACE}", key: "${field.key}"}`,
).join(', ')}]`;
