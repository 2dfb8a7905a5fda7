import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Customer } from '../../domain/orders/order.ts';
import { foldText } from '../../domain/text/fold.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { foldedContains } from './folded-search.ts';

/**
 * How the dashboard finds orders and tells customers apart, on each database (decisions 086, 093).
 * SQLite folds each column as it searches (its registered JavaScript function fold_text);
 * PostgreSQL has no such function, so each order keeps its shopper's fields folded by the same
 * foldText (`customer_folded`, PostgreSQL's migration 008) and the search reads that. Both match
 * the same orders: the parts are folded one by one and joined by a line break, which no search
 * word holds (words are split on white space).
 */
type Dialect = ShopDatabase['dialect'];

/** The shopper's name, email and phone as PostgreSQL stores them for searching. */
export const customerFolded = (customer: Customer) =>
  [customer.name, customer.email, customer.phone].map(foldText).join('\n');

/** `%word%` for LIKE, the word's own % _ and \ taken literally (ESCAPE '\'). */
const containing = (word: string) => `%${word.replace(/[%_\\]/g, (char) => `\\${char}`)}%`;

/**
 * No order holds a NUL, so a word with one matches nothing, without asking: PostgreSQL's text
 * refuses a NUL with an error, and SQLite's LIKE ends the pattern there (so '%\0%' matched all).
 */
const storable = (text: string) => !text.includes('\u0000');
const NOTHING = sql<SqlBool>`1 = 0`;

/** A customer's orders share this key: the email with its ASCII letters folded (COLLATE NOCASE). */
export const emailKey = (dialect: Dialect): RawBuilder<string> =>
  dialect === 'sqlite' ? sql<string>`email COLLATE NOCASE` : sql<string>`lower(email COLLATE "C")`;

/** The orders of `email`, letter case ignored as emailKey ignores it. */
export function sameEmail(dialect: Dialect, email: string): RawBuilder<SqlBool> {
  if (!storable(email)) return NOTHING;
  if (dialect === 'sqlite') return sql<SqlBool>`email COLLATE NOCASE = ${email}`;
  return sql<SqlBool>`${emailKey(dialect)} = lower(${email}::text COLLATE "C")`;
}

/** An order whose shopper's name, email or phone holds the folded `word`. */
export function customerMatches(dialect: Dialect, word: string): RawBuilder<SqlBool> {
  if (!storable(word)) return NOTHING;
  if (dialect === 'sqlite')
    return sql<SqlBool>`(${sql.join(
      ['customer_name', 'email', 'phone'].map((column) => foldedContains(column, word)),
      sql` OR `,
    )})`;
  return sql<SqlBool>`customer_folded LIKE ${containing(word)} ESCAPE '\\'`;
}

/** The orders list's search: the folded `word` in the order's number or its shopper's fields. */
export function orderMatches(dialect: Dialect, word: string): RawBuilder<SqlBool> {
  if (!storable(word)) return NOTHING;
  if (dialect === 'sqlite')
    return sql<SqlBool>`(${sql.join(
      ['number', 'customer_name', 'email', 'phone'].map((column) => foldedContains(column, word)),
      sql` OR `,
    )})`;
  // Numbers are ASCII (CV-100042): folding them is lowering their ASCII letters.
  return sql<SqlBool>`(lower(number COLLATE "C") LIKE ${containing(word)} ESCAPE '\\' OR ${customerMatches(dialect, word)})`;
}
