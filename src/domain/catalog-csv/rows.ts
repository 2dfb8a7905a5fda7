import { type CardFacts, EMPTY_FACT_FIELDS, FACT_KEYS, type FactFields } from '../card-facts/facts.ts';
import { parseFactFields } from '../card-facts/schema.ts';
import { HANDLE_MAX, HANDLE_PATTERN } from '../catalog/handle.ts';
import { PRODUCT_INPUT_MESSAGES } from '../catalog/product.ts';
import { amountToCents } from '../text/money.ts';
import { CSV_COLUMNS, factColumnName, isIgnoredShopifyColumn, REQUIRED_COLUMNS } from './columns.ts';
import type { CsvTable, RowError } from './parse.ts';

/** One product of the file: its first line, handle, the fields the file gives, its images in order. */
export type CsvProduct = {
  line: number;
  handle: string;
  title: string;
  priceCents: number;
  /**
   * This and the fields below are undefined where the file has no such column: the product keeps
   * what it has. A compare-at price of null is none.
   */
  compareAtCents?: number | null;
  descriptionHtml?: string;
  productType?: string;
  tags?: string[];
  quantity?: number;
  facts?: CardFacts;
  /**
   * The file has fact columns but none for the certificate number (a file made before that column
   * existed): the product keeps the number it has, as long as the file leaves its grader as it is.
   */
  keepsCertNumber?: true;
  /** Undefined without an Image Src column. */
  images?: Array<{ line: number; url: string; position: number }>;
};

export const CSV_MESSAGES = {
  unknownColumn: (name: string) => `Άγνωστη στήλη «${name}».`,
  missingColumn: (name: string) => `Λείπει η στήλη «${name}».`,
  repeatedColumn: (name: string) => `Η στήλη «${name}» εμφανίζεται δύο φορές.`,
  cellCount: (found: number, wanted: number) => `Η γραμμή έχει ${found} πεδία αντί για ${wanted}.`,
  handle: 'Το Handle είναι υποχρεωτικό και επιτρέπει μόνο γράμματα, αριθμούς και παύλες.',
  repeatedHandle: (line: number) => `Το ίδιο Handle υπάρχει ήδη στη γραμμή ${line}.`,
  orphanImage: 'Γραμμή εικόνας χωρίς προϊόν με αυτό το Handle πιο πάνω.',
  title: 'Ο τίτλος είναι υποχρεωτικός (έως 250 χαρακτήρες).',
  body: 'Η περιγραφή δεν μπορεί να ξεπερνά τους 20.000 χαρακτήρες.',
  type: 'Ο τύπος δεν μπορεί να ξεπερνά τους 60 χαρακτήρες.',
  tags: 'Έως 20 ετικέτες, η καθεμία έως 120 χαρακτήρες.',
  published: 'Το Published πρέπει να είναι TRUE ή FALSE.',
  unpublished:
    'Το προϊόν δεν είναι δημοσιευμένο (Published FALSE ή Status όχι active) και δεν εισάγεται· το κατάστημα κρατά μόνο δημοσιευμένα προϊόντα.',
  ignoredColumn: (name: string) =>
    `Η στήλη «${name}» του Shopify αγνοείται: το κατάστημα δεν κρατά αυτό το στοιχείο.`,
  extraVariant:
    'Δεύτερη παραλλαγή (variant) του προϊόντος: αγνοείται, γιατί το κατάστημα κρατά μία παραλλαγή ανά προϊόν.',
  price: 'Η τιμή πρέπει να είναι αριθμός από 0 έως 1.000.000 με έως 2 δεκαδικά (π.χ. 12.50).',
  compareAt:
    'Η αρχική τιμή (compare-at) πρέπει να είναι αριθμός έως 1.000.000 με έως 2 δεκαδικά (π.χ. 15.00), ή κενή.',
  compareAtNotAbove: PRODUCT_INPUT_MESSAGES.compareAtNotAbove,
  quantity: 'Το απόθεμα πρέπει να είναι ακέραιος αριθμός από 0 έως 1.000.000.',
  imagePosition: 'Η θέση εικόνας πρέπει να είναι ακέραιος αριθμός από 1 και πάνω.',
  flag: 'Η τιμή πρέπει να είναι TRUE ή FALSE.',
  number: 'Πρέπει να είναι ακέραιος αριθμός.',
  serialWithoutRun: 'Ο αριθμός της κάρτας χρειάζεται και το σύνολο της αρίθμησης (Print run).',
} as const;

const columnOfFact = (fact: string) => {
  const column = FACT_KEYS.find((candidate) => candidate.fact === fact);
  return column ? factColumnName(column) : fact;
};

/** Shopify's Status column (active, draft, archived): read for the product's state, not stored. */
const STATUS_COLUMN = 'Status';
const COMPARE_AT_COLUMN = 'Variant Compare At Price';

/** Checks the header: required columns there, no unknown or repeated ones. */
export function headerErrors(header: readonly string[]): RowError[] {
  const errors: RowError[] = [];
  header.forEach((name, index) => {
    if (!CSV_COLUMNS.includes(name) && name !== STATUS_COLUMN && !isIgnoredShopifyColumn(name))
      errors.push({ line: 1, field: name, message: CSV_MESSAGES.unknownColumn(name) });
    else if (header.indexOf(name) !== index)
      errors.push({ line: 1, field: name, message: CSV_MESSAGES.repeatedColumn(name) });
  });
  for (const name of REQUIRED_COLUMNS)
    if (!header.includes(name))
      errors.push({ line: 1, field: name, message: CSV_MESSAGES.missingColumn(name) });
  return errors;
}

function parseFlag(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes' || value === '1') return true;
  return null;
}

/**
 * The file's products, with every row's errors (line and column). Rows of a product's further
 * images (same Handle, no Title) join the product above them, as in Shopify's CSV.
 */
export function csvProducts(table: CsvTable): {
  products: CsvProduct[];
  errors: RowError[];
  notices: RowError[];
} {
  const errors = headerErrors(table.header);
  const notices: RowError[] = table.header
    .filter((name) => name !== STATUS_COLUMN && isIgnoredShopifyColumn(name))
    .map((name) => ({ line: 1, field: name, message: CSV_MESSAGES.ignoredColumn(name) }));
  if (errors.length > 0) return { products: [], errors, notices };
  const index = new Map(table.header.map((name, position) => [name, position]));
  const has = (name: string) => index.has(name);
  const hasFacts = FACT_KEYS.some((column) => has(factColumnName(column)));
  const keepsCertNumber = hasFacts && !has(columnOfFact('certNumber'));
  const products: CsvProduct[] = [];
  const byHandle = new Map<string, CsvProduct>();

  for (const { line, cells } of table.records) {
    const rowErrors: RowError[] = [];
    const fail = (field: string, message: string) => rowErrors.push({ line, field, message });
    const cell = (name: string) => cells[index.get(name) ?? -1] ?? '';
    if (cells.length !== table.header.length) {
      errors.push({ line, field: '', message: CSV_MESSAGES.cellCount(cells.length, table.header.length) });
      continue;
    }
    const handle = cell('Handle').trim();
    if (!HANDLE_PATTERN.test(handle) || handle.length > HANDLE_MAX) {
      errors.push({ line, field: 'Handle', message: CSV_MESSAGES.handle });
      continue;
    }
    const title = cell('Title').trim();
    const imageSrc = cell('Image Src').trim();
    const positionText = cell('Image Position').trim();
    const position = positionText === '' ? null : Number(positionText);
    if (position !== null && !(Number.isInteger(position) && position >= 1))
      fail('Image Position', CSV_MESSAGES.imagePosition);

    if (title === '') {
      // A further image of the product above.
      const owner = byHandle.get(handle);
      if (owner && (cell('Variant Price').trim() !== '' || cell('Option1 Value').trim() !== ''))
        notices.push({ line, field: 'Variant Price', message: CSV_MESSAGES.extraVariant });
      if (!owner) fail('Handle', CSV_MESSAGES.orphanImage);
      else if (imageSrc)
        owner.images?.push({ line, url: imageSrc, position: position ?? (owner.images?.length ?? 0) + 1 });
      errors.push(...rowErrors);
      continue;
    }
    const earlier = byHandle.get(handle);
    if (earlier) {
      errors.push({ line, field: 'Handle', message: CSV_MESSAGES.repeatedHandle(earlier.line) });
      continue;
    }
    if (title.length > 250) fail('Title', CSV_MESSAGES.title);
    const priceCents = amountToCents(cell('Variant Price').trim().replace(',', '.'));
    if (priceCents === null || priceCents < 0 || priceCents > 100_000_000)
      fail('Variant Price', CSV_MESSAGES.price);
    const product: CsvProduct = { line, handle, title, priceCents: priceCents ?? 0 };
    if (has(COMPARE_AT_COLUMN)) {
      const text = cell(COMPARE_AT_COLUMN).trim().replace(',', '.');
      const cents = text === '' ? 0 : amountToCents(text);
      if (cents === null || cents < 0 || cents > 100_000_000) fail(COMPARE_AT_COLUMN, CSV_MESSAGES.compareAt);
      // Empty, or 0 as some Shopify exports write it: no compare-at price.
      else product.compareAtCents = cents === 0 ? null : cents;
    }
    if (has('Body (HTML)')) {
      product.descriptionHtml = cell('Body (HTML)');
      if (product.descriptionHtml.length > 20_000) fail('Body (HTML)', CSV_MESSAGES.body);
    }
    if (has('Type')) {
      product.productType = cell('Type').trim();
      if (product.productType.length > 60) fail('Type', CSV_MESSAGES.type);
    }
    if (has('Tags')) {
      product.tags = cell('Tags')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      if (product.tags.length > 20 || product.tags.some((tag) => tag.length > 120))
        fail('Tags', CSV_MESSAGES.tags);
    }
    // Which column says the product is not for sale (a draft in Shopify's export), if one does.
    let unpublished: string | null = null;
    if (has('Published')) {
      const published = parseFlag(cell('Published'));
      if (published === null) fail('Published', CSV_MESSAGES.published);
      else if (published === false && cell('Published').trim() !== '') unpublished = 'Published';
    }
    const status = cell(STATUS_COLUMN).trim().toLowerCase();
    if (has(STATUS_COLUMN) && status !== '' && status !== 'active') unpublished = STATUS_COLUMN;
    if (has('Variant Inventory Qty')) {
      const text = cell('Variant Inventory Qty').trim();
      const quantity = text === '' ? 0 : Number(text);
      if (!/^\d{0,7}$/.test(text) || quantity > 1_000_000)
        fail('Variant Inventory Qty', CSV_MESSAGES.quantity);
      else product.quantity = quantity;
    }
    if (hasFacts) {
      const facts = factsOfRow((fact) => cell(columnOfFact(fact)));
      if (facts.ok) product.facts = facts.facts;
      else for (const [field, message] of facts.errors) fail(field, message);
      if (keepsCertNumber) product.keepsCertNumber = true;
    }
    if (has('Image Src')) product.images = imageSrc ? [{ line, url: imageSrc, position: position ?? 1 }] : [];
    // Checked only on a row the import takes: a draft's prices are never written (Shopify's own
    // sample has a draft whose compare-at price is below its price).
    const compareAt = product.compareAtCents ?? null;
    if (!unpublished && priceCents !== null && compareAt !== null && compareAt <= priceCents)
      fail(COMPARE_AT_COLUMN, CSV_MESSAGES.compareAtNotAbove);

    errors.push(...rowErrors);
    byHandle.set(handle, product);
    if (unpublished && rowErrors.length === 0)
      notices.push({ line, field: unpublished, message: CSV_MESSAGES.unpublished });
    else if (rowErrors.length === 0) products.push(product);
  }
  for (const product of products) product.images?.sort((a, b) => a.position - b.position);
  return { products, errors, notices };
}

/** The facts of one row from its metafield cells, or the errors under their column names. */
function factsOfRow(
  cell: (fact: string) => string,
): { ok: true; facts: CardFacts } | { ok: false; errors: Array<[string, string]> } {
  const errors: Array<[string, string]> = [];
  const fields: FactFields = { ...EMPTY_FACT_FIELDS };
  for (const name of [
    'year',
    'manufacturer',
    'set',
    'cardNumber',
    'parallel',
    'grader',
    'grade',
    'condition',
    'certNumber',
  ] as const)
    fields[name] = cell(name);
  for (const name of ['rookie', 'autograph', 'patch'] as const) {
    const flag = parseFlag(cell(name));
    if (flag === null) errors.push([columnOfFact(name), CSV_MESSAGES.flag]);
    else fields[name] = flag;
  }
  const serial = cell('serialNumber').trim();
  const run = cell('printRun').trim();
  if (serial !== '' && !/^\d{1,6}$/.test(serial))
    errors.push([columnOfFact('serialNumber'), CSV_MESSAGES.number]);
  if (run !== '' && !/^\d{1,6}$/.test(run)) errors.push([columnOfFact('printRun'), CSV_MESSAGES.number]);
  if (serial !== '' && run === '') errors.push([columnOfFact('serialNumber'), CSV_MESSAGES.serialWithoutRun]);
  if (errors.length > 0) return { ok: false, errors };
  fields.serial = run === '' ? '' : `${serial}/${run}`;
  const parsed = parseFactFields(fields);
  if (parsed.ok) return parsed;
  return {
    ok: false,
    errors: Object.entries(parsed.errors).map(([field, message]) => [
      field === 'serial'
        ? columnOfFact(/σύνολο της αρίθμησης/.test(message ?? '') ? 'printRun' : 'serialNumber')
        : columnOfFact(field),
      message ?? '',
    ]),
  };
}
