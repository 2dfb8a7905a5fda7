/**
 * Search words on PostgreSQL (decision 093): what SQLite's FTS5 trigram table does (its migration
 * 005), a GIN trigram index (pg_trgm) over the folded search text does here, for the same
 * `LIKE '%word%'` the words are matched with. The shop folds case and accents before it stores the
 * text and before it searches (domain/text/fold.ts), so neither `unaccent` nor ILIKE is needed.
 * pg_trgm is a trusted extension (PostgreSQL 13 and later): the database's owner may create it.
 */
export const up = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX products_search_trigrams ON products USING gin (search_text gin_trgm_ops);
`;
