import { type CardFacts, EMPTY_FACTS, FACT_KEYS, type FactName } from '../../domain/card-facts/facts.ts';
import { cardFactsSchema } from '../../domain/card-facts/schema.ts';

/**
 * Card facts as Shopify product metafields in the `card` namespace (decision 052). One metafield
 * per fact, typed, with a definition the adapter creates when missing (storefront-readable, so the
 * Storefront API can read them). An unset fact is no metafield at all.
 */
export const CARD_NAMESPACE = 'card';

type MetafieldType = 'single_line_text_field' | 'boolean' | 'number_integer' | 'number_decimal';

/** How Shopify types each fact's metafield. */
const TYPES: Record<FactName, MetafieldType> = {
  year: 'single_line_text_field',
  manufacturer: 'single_line_text_field',
  set: 'single_line_text_field',
  cardNumber: 'single_line_text_field',
  parallel: 'single_line_text_field',
  rookie: 'boolean',
  autograph: 'boolean',
  patch: 'boolean',
  serialNumber: 'number_integer',
  printRun: 'number_integer',
  grader: 'single_line_text_field',
  grade: 'number_decimal',
  condition: 'single_line_text_field',
  // Text, not a number: a BGS certificate number keeps its leading zeros.
  certNumber: 'single_line_text_field',
};

export const CARD_METAFIELDS: ReadonlyArray<{
  fact: FactName;
  key: string;
  type: MetafieldType;
  name: string;
}> = FACT_KEYS.map(({ fact, key, label }) => ({ fact, key, type: TYPES[fact], name: `Card: ${label}` }));

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
