import type { CardFacts } from '../card-facts/facts.ts';
import type { Product, ProductInput } from '../catalog/product.ts';
import type { RowError } from './parse.ts';
import type { CsvProduct } from './rows.ts';

/** Where an image of the file comes from: this shop's own media (by file name) or anywhere else. */
export type ImageSource = { kind: 'own'; name: string; url: string } | { kind: 'foreign'; url: string };

const MEDIA_NAME = /^\/media\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/;

/** Only this server's /media/ files are taken; any other URL is reported and never fetched. */
export function imageSource(url: string, origin: string): ImageSource {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return { kind: 'foreign', url };
  }
  const name = MEDIA_NAME.exec(parsed.pathname)?.[1];
  if (parsed.origin === new URL(origin).origin && name && !parsed.search && !parsed.hash)
    return { kind: 'own', name, url: parsed.href };
  return { kind: 'foreign', url };
}

export type PlanAction = 'create' | 'update' | 'skip';

/** What the import does with one product of the file. */
export type PlannedProduct = {
  line: number;
  handle: string;
  title: string;
  action: PlanAction;
  /** The product it updates or skips. */
  existing: Product | null;
  /** The write; `images` are resolved to media ids when the import runs. */
  input: Omit<ProductInput, 'mediaIds'>;
  /** Own media to attach, in order; null keeps the product's images as they are. */
  images: Array<{ url: string; name: string; existingId: string | null; line: number }> | null;
};

export type ImportPlan = {
  products: PlannedProduct[];
  errors: RowError[];
  /**
   * What the import leaves aside, without stopping it: image URLs not on this shop's media
   * (reported, never fetched), Shopify columns the shop has no place for, unpublished products
   * and further variants.
   */
  notices: RowError[];
  counts: { create: number; update: number; skip: number; errors: number };
};

export const IMPORT_MESSAGES = {
  missingImage: (url: string) =>
    `Η εικόνα ${url.slice(0, 200)} δεν βρέθηκε στα αρχεία αυτού του καταστήματος.`,
  foreignImage: (url: string) =>
    `Η εικόνα ${url.slice(0, 200)} δεν είναι στα αρχεία αυτού του καταστήματος (/media/) και δεν θα ληφθεί.`,
} as const;

/**
 * Decides, for every product of the file, whether it creates, updates or changes nothing (matched
 * by Handle), before anything is written. A product whose fields all equal the shop's is a skip,
 * so importing the same file twice changes nothing the second time.
 */
export function planImport(
  rows: { products: CsvProduct[]; errors: RowError[]; notices?: RowError[] },
  existing: readonly Product[],
  origin: string,
): ImportPlan {
  const byHandle = new Map(existing.map((product) => [product.handle, product]));
  const notices: RowError[] = [...(rows.notices ?? [])];
  const products = rows.products.map((row): PlannedProduct => {
    const current = byHandle.get(row.handle) ?? null;
    const input: Omit<ProductInput, 'mediaIds'> = {
      handle: row.handle,
      title: row.title,
      descriptionHtml: row.descriptionHtml ?? current?.descriptionHtml ?? '',
      tags: row.tags ?? current?.tags ?? [],
      productType: row.productType ?? current?.productType ?? '',
      priceCents: row.priceCents,
      quantity: row.quantity ?? Math.max(0, current?.available ?? 0),
      facts: row.facts
        ? withKeptCertNumber(row.facts, row.keepsCertNumber === true, current)
        : current?.facts,
    };
    let images: PlannedProduct['images'] = null;
    if (row.images) {
      const own: NonNullable<PlannedProduct['images']> = [];
      for (const image of row.images) {
        const source = imageSource(image.url, origin);
        if (source.kind === 'foreign') {
          notices.push({
            line: image.line,
            field: 'Image Src',
            message: IMPORT_MESSAGES.foreignImage(image.url),
          });
          continue;
        }
        const had = current?.images.find((candidate) => new URL(candidate.url, origin).href === source.url);
        own.push({ url: source.url, name: source.name, existingId: had?.id ?? null, line: image.line });
      }
      // A file whose images are all elsewhere (a Shopify export) leaves the product's own images.
      images = own.length > 0 || row.images.length === 0 ? own.slice(0, 10) : null;
    }
    const action: PlanAction = !current
      ? 'create'
      : unchanged(current, input, images, origin)
        ? 'skip'
        : 'update';
    return { line: row.line, handle: row.handle, title: row.title, action, existing: current, input, images };
  });
  const count = (action: PlanAction) => products.filter((product) => product.action === action).length;
  return {
    products,
    errors: rows.errors,
    notices,
    counts: {
      create: count('create'),
      update: count('update'),
      skip: count('skip'),
      errors: rows.errors.length,
    },
  };
}

/** A row's facts, with the product's certificate number when the file has no column for it. */
function withKeptCertNumber(facts: CardFacts, keeps: boolean, current: Product | null): CardFacts {
  const kept = current?.facts.certNumber ?? null;
  if (!keeps || kept === null || current?.facts.grader !== facts.grader) return facts;
  return { ...facts, certNumber: kept };
}

function unchanged(
  current: Product,
  input: Omit<ProductInput, 'mediaIds'>,
  images: PlannedProduct['images'],
  origin: string,
): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (
    current.title === input.title &&
    current.descriptionHtml === input.descriptionHtml &&
    same(current.tags, input.tags) &&
    current.productType === input.productType &&
    current.priceCents === input.priceCents &&
    (current.available ?? 0) === input.quantity &&
    same(current.facts, input.facts) &&
    (images === null ||
      same(
        current.images.map((image) => new URL(image.url, origin).href),
        images.map((image) => image.url),
      ))
  );
}
