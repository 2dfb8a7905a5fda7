/**
 * The part of Shopify's search syntax (the `query:` argument of `products`) that the double
 * understands: `field:value`, `field:"quoted value"`, `field:>=10`, bare words, `AND` (also
 * implied by a space), `OR`, `NOT` / `-`, parentheses, and a trailing `*` for a prefix.
 */
export type SearchNode =
  | { kind: 'and' | 'or'; parts: SearchNode[] }
  | { kind: 'not'; part: SearchNode }
  | { kind: 'term'; field: string | null; op: ':' | '<' | '<=' | '>' | '>='; value: string };

type Token = { type: 'open' | 'close' | 'text'; text: string; quoted?: boolean };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i] ?? '';
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'open' : 'close', text: char });
      i += 1;
    } else {
      let text = '';
      let quoted = false;
      while (i < query.length && !/[\s()]/.test(query[i] ?? '')) {
        if (query[i] === '"' || query[i] === "'") {
          const quote = query[i];
          const end = query.indexOf(quote ?? '"', i + 1);
          const stop = end === -1 ? query.length : end;
          text += query.slice(i + 1, stop).replaceAll('\\"', '"');
          quoted = true;
          i = stop + 1;
        } else {
          if (query[i] === '\\' && i + 1 < query.length) i += 1;
          text += query[i];
          i += 1;
        }
      }
      tokens.push({ type: 'text', text, quoted });
    }
  }
  return tokens;
}

export function parseSearch(query: string): SearchNode | null {
  const tokens = tokenize(query);
  let position = 0;
  const peek = () => tokens[position];

  function parseOr(): SearchNode {
    const parts = [parseAnd()];
    while (peek()?.type === 'text' && peek()?.text === 'OR' && !peek()?.quoted) {
      position += 1;
      parts.push(parseAnd());
    }
    return parts.length === 1 ? (parts[0] as SearchNode) : { kind: 'or', parts };
  }

  function parseAnd(): SearchNode {
    const parts: SearchNode[] = [];
    for (let token = peek(); token && token.type !== 'close'; token = peek()) {
      if (token.type === 'text' && !token.quoted && token.text === 'OR') break;
      if (token.type === 'text' && !token.quoted && token.text === 'AND') {
        position += 1;
        continue;
      }
      parts.push(parseUnary());
    }
    return parts.length === 1 ? (parts[0] as SearchNode) : { kind: 'and', parts };
  }

  function parseUnary(): SearchNode {
    const token = peek();
    if (!token) return { kind: 'and', parts: [] };
    if (token.type === 'open') {
      position += 1;
      const inner = parseOr();
      if (peek()?.type === 'close') position += 1;
      return inner;
    }
    position += 1;
    if (!token.quoted && token.text === 'NOT') return { kind: 'not', part: parseUnary() };
    if (!token.quoted && token.text.startsWith('-') && token.text.length > 1) {
      return { kind: 'not', part: term(token.text.slice(1)) };
    }
    return term(token.text);
  }

  function term(text: string): SearchNode {
    const match = /^([a-z_.]+):(<=|>=|<|>)?(.*)$/s.exec(text);
    if (!match) return { kind: 'term', field: null, op: ':', value: text };
    return {
      kind: 'term',
      field: match[1] ?? null,
      op: (match[2] as '<' | '<=' | '>' | '>=' | undefined) ?? ':',
      value: match[3] ?? '',
    };
  }

  if (tokens.length === 0) return null;
  return parseOr();
}

/** What a search term can look at in a product. */
export type Searchable = {
  id: number;
  title: string;
  tags: readonly string[];
  productType: string;
  vendor: string;
  price: number;
  createdAt: string;
  updatedAt: string;
  availableForSale: boolean;
  /** Admin API only (its products query knows these filters; the Storefront's does not). */
  inventoryTotal?: number;
  tracksInventory?: boolean;
  status?: string;
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function textMatches(haystack: string, wanted: string, whole: boolean): boolean {
  const prefix = wanted.endsWith('*');
  const needle = fold(prefix ? wanted.slice(0, -1) : wanted);
  const folded = fold(haystack);
  if (whole && !prefix) return folded === needle;
  // Shopify matches words: every word of the value must start a word of the field.
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return needle
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((part) => words.some((word) => (prefix || whole ? word.startsWith(part) : word.startsWith(part))));
}

function compare(actual: number | string, op: string, wanted: number | string): boolean {
  switch (op) {
    case '<':
      return actual < wanted;
    case '<=':
      return actual <= wanted;
    case '>':
      return actual > wanted;
    case '>=':
      return actual >= wanted;
    default:
      return actual === wanted;
  }
}

type Term = Extract<SearchNode, { kind: 'term' }>;

/** Whether a parsed query holds, given how one term matches the item (a product, an order). */
export function matchesBy(node: SearchNode | null, term: (node: Term) => boolean): boolean {
  if (!node) return true;
  switch (node.kind) {
    case 'and':
      return node.parts.every((part) => matchesBy(part, term));
    case 'or':
      return node.parts.some((part) => matchesBy(part, term));
    case 'not':
      return !matchesBy(node.part, term);
    default:
      return term(node);
  }
}

export function matches(node: SearchNode | null, product: Searchable): boolean {
  return matchesBy(node, (term) => termMatches(term, product));
}

function termMatches(node: Term, product: Searchable): boolean {
  const { field, op, value } = node;
  switch (field) {
    case null:
      return [product.title, product.productType, product.vendor, ...product.tags].some((text) =>
        textMatches(text, value, false),
      );
    case 'title':
      return textMatches(product.title, value, false);
    case 'tag':
      return product.tags.some((tag) => textMatches(tag, value, true));
    case 'tag_not':
      return !product.tags.some((tag) => textMatches(tag, value, true));
    case 'product_type':
      return textMatches(product.productType, value, true);
    case 'vendor':
      return textMatches(product.vendor, value, true);
    case 'id':
      return compare(product.id, op, Number(value));
    case 'variants.price':
    case 'price':
      return compare(product.price, op, Number(value));
    case 'created_at':
      return compare(product.createdAt, op, value);
    case 'updated_at':
      return compare(product.updatedAt, op, value);
    case 'available_for_sale':
      return product.availableForSale === (value === 'true');
    case 'inventory_total':
      return product.inventoryTotal === undefined || compare(product.inventoryTotal, op, Number(value));
    case 'tracks_inventory':
      return product.tracksInventory === undefined || product.tracksInventory === (value === 'true');
    case 'status':
      // A comma-separated list of statuses (status:active,draft).
      return (
        product.status === undefined || value.toLowerCase().split(',').includes(product.status.toLowerCase())
      );
    default:
      // Shopify ignores fields it does not know for a resource; so does the double.
      return true;
  }
}

// Orders ----------------------------------------------------------------------------------------

/** What a search term can look at in an order (the Admin API's `orders(query:)`). */
export type SearchableOrder = {
  id: number;
  name: string;
  email: string | null;
  createdAt: string;
  cancelled: boolean;
  financialStatus: string;
  fulfillmentStatus: string;
  test: boolean;
};

/** A time value as Shopify's search takes it: an ISO instant or date, or `now`; NaN when neither. */
function timeValue(value: string): number {
  return value === 'now' ? Date.now() : Date.parse(value);
}

/** The fulfillment_status filter's values, by the displayFulfillmentStatus each covers. */
const FULFILLMENT_FILTERS: Record<string, readonly string[]> = {
  unshipped: ['UNFULFILLED'],
  unfulfilled: ['UNFULFILLED', 'PARTIALLY_FULFILLED'],
  partial: ['PARTIALLY_FULFILLED'],
  shipped: ['FULFILLED'],
  fulfilled: ['FULFILLED'],
  on_hold: ['ON_HOLD'],
  scheduled: ['SCHEDULED'],
  request_declined: ['REQUEST_DECLINED'],
};

export function orderMatches(node: SearchNode | null, order: SearchableOrder): boolean {
  return matchesBy(node, (term) => orderTermMatches(term, order));
}

function orderTermMatches({ field, op, value }: Term, order: SearchableOrder): boolean {
  switch (field) {
    case null:
      return [order.name, order.email ?? ''].some((text) => textMatches(text, value, false));
    case 'created_at':
    case 'processed_at': {
      const wanted = timeValue(value);
      return !Number.isNaN(wanted) && compare(Date.parse(order.createdAt), op, wanted);
    }
    case 'id':
      return compare(order.id, op, Number(value));
    case 'name':
      return order.name.replace(/^#/, '') === value.replace(/^#/, '');
    case 'email':
      return (order.email ?? '').toLowerCase() === value.toLowerCase();
    case 'status':
      // The double has no archived (closed) orders: open is every order not cancelled.
      if (value === 'cancelled') return order.cancelled;
      if (value === 'open') return !order.cancelled;
      if (value === 'closed') return false;
      return value === 'not_closed';
    case 'financial_status':
      return order.financialStatus.toLowerCase() === value.toLowerCase();
    case 'fulfillment_status':
      return (FULFILLMENT_FILTERS[value.toLowerCase()] ?? []).includes(order.fulfillmentStatus);
    case 'test':
      return order.test === (value === 'true');
    default:
      return true;
  }
}
