import type { DoubleProduct, DoubleStore } from './store.ts';

/**
 * Metafields and their definitions as Shopify keeps them: a value is a string checked against its
 * type; a definition fixes a key's type and says whether the Storefront API may read it (without
 * one, Shopify's Storefront API returns null for the metafield).
 */
export type DoubleMetafield = { id: number; namespace: string; key: string; type: string; value: string };
export type DoubleDefinition = {
  id: number;
  name: string;
  namespace: string;
  key: string;
  type: string;
  ownerType: string;
  storefront: 'NONE' | 'PUBLIC_READ';
};

export type MetafieldInput = { id?: string; namespace?: string; key?: string; type?: string; value?: string };
type UserError = { field: string[] | null; message: string; code?: string | null };

const KNOWN_TYPES = new Set([
  'single_line_text_field',
  'multi_line_text_field',
  'boolean',
  'number_integer',
  'number_decimal',
]);
const NAME = /^[A-Za-z0-9_-]+$/;

function valueProblem(type: string, value: string): string | null {
  if (value === '') return "Value can't be blank.";
  if (type === 'boolean' && value !== 'true' && value !== 'false') return 'Value must be true or false.';
  if (type === 'number_integer' && !/^-?\d{1,16}$/.test(value)) return 'Value must be an integer.';
  if (type === 'number_decimal' && !/^-?\d{1,16}(\.\d{1,9})?$/.test(value)) return 'Value must be a decimal.';
  if (type === 'single_line_text_field' && /[\r\n]/.test(value))
    return 'Value must be a single line of text.';
  return null;
}

/** Sets a product's metafields from productCreate/productUpdate input; answers the userErrors. */
export function applyMetafields(
  store: DoubleStore,
  product: DoubleProduct,
  inputs: readonly MetafieldInput[],
): UserError[] {
  const errors: UserError[] = [];
  const checked = inputs.map((input, index) => {
    const field = (name: string) => ['metafields', String(index), name];
    const namespace = input.namespace ?? '';
    const key = input.key ?? '';
    if (namespace.length < 3 || !NAME.test(namespace))
      errors.push({ field: field('namespace'), message: 'Namespace is invalid.' });
    if (key.length < 2 || !NAME.test(key)) errors.push({ field: field('key'), message: 'Key is invalid.' });
    const definition = store.definitionOf(namespace, key);
    const type = input.type ?? definition?.type ?? '';
    if (!KNOWN_TYPES.has(type)) errors.push({ field: field('type'), message: 'Type is invalid.' });
    else if (definition && definition.type !== type)
      errors.push({ field: field('type'), message: `Type must be ${definition.type}.` });
    else {
      const problem = valueProblem(type, input.value ?? '');
      if (problem) errors.push({ field: field('value'), message: problem });
    }
    return { namespace, key, type, value: input.value ?? '' };
  });
  // Nothing changes when one of them is refused, as on Shopify.
  if (errors.length > 0) return errors;
  for (const metafield of checked) {
    const existing = product.metafields.get(`${metafield.namespace}.${metafield.key}`);
    product.metafields.set(`${metafield.namespace}.${metafield.key}`, {
      id: existing?.id ?? store.nextId('Metafield'),
      ...metafield,
    });
  }
  return [];
}
