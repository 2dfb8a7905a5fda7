/**
 * Card facts as columns of the product (decision 050), with the indexes the singles filters use:
 * - maker, set, year and grade filters read a partial index of the products that have the fact;
 * - the yes/no facts (RC, autograph, patch) are partial indexes of ids alone, so "autographs,
 *   newest first" walks one small index in id order with no sort;
 * - maker and set are matched on folded keys (case and accents ignored), as tags are.
 * Existing products get no facts (NULL / 0): the owner fills them in the form or by CSV import.
 */
export const up = [
  'ALTER TABLE products ADD COLUMN card_year TEXT',
  'ALTER TABLE products ADD COLUMN card_year_start INTEGER',
  'ALTER TABLE products ADD COLUMN manufacturer TEXT',
  'ALTER TABLE products ADD COLUMN manufacturer_key TEXT',
  'ALTER TABLE products ADD COLUMN set_name TEXT',
  'ALTER TABLE products ADD COLUMN set_key TEXT',
  'ALTER TABLE products ADD COLUMN card_number TEXT',
  'ALTER TABLE products ADD COLUMN parallel TEXT',
  'ALTER TABLE products ADD COLUMN rookie INTEGER NOT NULL DEFAULT 0',
  'ALTER TABLE products ADD COLUMN autograph INTEGER NOT NULL DEFAULT 0',
  'ALTER TABLE products ADD COLUMN patch INTEGER NOT NULL DEFAULT 0',
  'ALTER TABLE products ADD COLUMN serial_number INTEGER',
  'ALTER TABLE products ADD COLUMN print_run INTEGER',
  'ALTER TABLE products ADD COLUMN grader TEXT',
  'ALTER TABLE products ADD COLUMN grade REAL',
  'ALTER TABLE products ADD COLUMN card_condition TEXT',

  'CREATE INDEX products_by_year ON products (card_year_start) WHERE card_year_start IS NOT NULL',
  'CREATE INDEX products_by_maker ON products (manufacturer_key, set_key) WHERE manufacturer_key IS NOT NULL',
  'CREATE INDEX products_by_set ON products (set_key) WHERE set_key IS NOT NULL',
  'CREATE INDEX products_rookies ON products (id) WHERE rookie = 1',
  'CREATE INDEX products_autographs ON products (id) WHERE autograph = 1',
  'CREATE INDEX products_patches ON products (id) WHERE patch = 1',
  'CREATE INDEX products_numbered ON products (print_run) WHERE print_run IS NOT NULL',
  'CREATE INDEX products_by_grader ON products (grader, grade) WHERE grader IS NOT NULL',
  'CREATE INDEX products_by_grade ON products (grade) WHERE grade IS NOT NULL',
  'CREATE INDEX products_by_condition ON products (card_condition) WHERE card_condition IS NOT NULL',
];
