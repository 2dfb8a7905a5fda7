import type { CardFacts } from '../card-facts/facts.ts';
import { type Product, type ProductInput, productInputSchema } from '../catalog/product.ts';
import { formatEuro } from '../text/money.ts';
import type { RowError } from './parse.ts';
import { REMOTE_IMAGE_MESSAGES, remoteImageUrl } from './remote-images.ts';
import type { CsvProduct } from './rows.ts';

/**
 * Where an image of the file comes from: this shop's own media (by file name), a host on the
 * owner's list of image hosts (fetched by the import, decision 090), or anywhere else (never
 * fetched, with the reason).
 */
export type ImageSource =
  | { kind: 'own'; name: string; url: string }
  | { kind: 'remote'; url: string }
  | { kind: 'foreign'; url: string; reason: string };

const MEDIA_NAME = /^\/media\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/;

/** This server's /media/ files are taken as they are; other URLs only from the `hosts` listed. */
export function imageSource(url: string, origin: string, hosts: readonly string[] = []): ImageSource {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return { kind: 'foreign', url, reason: REMOTE_IMAGE_MESSAGES.notUrl };
  }
  const name = MEDIA_NAME.exec(parsed.pathname)?.[1];
  if (parsed.origin === new URL(origin).origin) {
    if (name && !parsed.search && !parsed.hash) return { kind: 'own', name, url: parsed.href };
    return { kind: 'foreign', url, reason: REMOTE_IMAGE_MESSAGES.notOwnMedia };
  }
  const remote = remoteImageUrl(url, hosts);
  return remote.ok
    ? { kind: 'remote', url: remote.url.href }
    : { kind: 'foreign', url, reason: remote.reason };
}

/** An image a product gets: a copy of an own media file, or a fetch of a remote one. */
export type PlannedImage =
  | { kind: 'own'; url: string; name: string; existingId: string | null; line: number }
  | { kind: 'remote'; url: string; line: number };

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
  /** The images to attach, in order; null keeps the product's images as they are. */
  images: PlannedImage[] | null;
};

export type ImportPlan = {
  products: PlannedProduct[];
  errors: RowError[];
  /**
   * What the import leaves aside, without stopping it: image URLs it does not fetch (not https,
   * not on the owner's list of hosts), Shopify columns the shop has no place for, unpublished
   * products and further variants.
   */
  notices: RowError[];
  counts: { create: number; update: number; skip: number; errors: number };
  /** How many images (distinct URLs) the import fetches from other hosts; the dry run fetches none. */
  remoteImages: number;
};

export const IMPORT_MESSAGES = {
  missingImage: (url: string) =>
    `Η εικόνα ${url.slice(0, 200)} δεν βρέθηκε στα αρχεία αυτού του καταστήματος.`,
  foreignImage: (url: string, reason: string) => `Η εικόνα ${url.slice(0, 200)} δεν θα ληφθεί. ${reason}`,
  keptImages:
    'Το προϊόν έχει ήδη εικόνες: οι εικόνες του αρχείου από άλλους διακομιστές δεν λαμβάνονται ξανά.',
  keptCompareAt: (compareAtCents: number) =>
    `Η τιμή πρέπει να είναι κάτω από την αρχική τιμή (compare-at) ${formatEuro(compareAtCents)} που έχει ήδη το προϊόν: προσθέστε τη στήλη «Variant Compare At Price» (κενή για καμία) ή αλλάξτε την τιμή.`,
} as const;

/**
 * Decides, for every product of the file, whether it creates, updates or changes nothing (matched
 * by Handle), before anything is written. A product whose fields all equal the shop's is a skip,
 * so importing the same file twice changes nothing the second time. Images on the owner's list of
 * hosts (`imageHosts`) are fetched for a product that has no image yet, so a second import of a
 * Shopify export fetches nothing again, and one whose images failed tries them again.
 */
export function planImport(
  rows: { products: CsvProduct[]; errors: RowError[]; notices?: RowError[] },
  existing: readonly Product[],
  origin: string,
  imageHosts: readonly string[],
): ImportPlan {
  const byHandle = new Map(existing.map((product) => [product.handle, product]));
  const notices: RowError[] = [...(rows.notices ?? [])];
  const errors: RowError[] = [...rows.errors];
  const products: PlannedProduct[] = [];
  for (const row of rows.products) {
    const current = byHandle.get(row.handle) ?? null;
    const input: Omit<ProductInput, 'mediaIds'> = {
      handle: row.handle,
      title: row.title,
      descriptionHtml: row.descriptionHtml ?? current?.descriptionHtml ?? '',
      tags: row.tags ?? current?.tags ?? [],
      productType: row.productType ?? current?.productType ?? '',
      priceCents: row.priceCents,
      compareAtCents:
        row.compareAtCents !== undefined ? row.compareAtCents : (current?.compareAtCents ?? null),
      quantity: row.quantity ?? Math.max(0, current?.available ?? 0),
      facts: row.facts
        ? withKeptCertNumber(row.facts, row.keepsCertNumber === true, current)
        : current?.facts,
    };
    // A file without the column keeps the compare-at price, which must stay above the new price.
    const keptCompareAt = row.compareAtCents === undefined ? (input.compareAtCents ?? null) : null;
    if (keptCompareAt !== null && keptCompareAt <= row.priceCents) {
      errors.push({
        line: row.line,
        field: 'Variant Price',
        message: IMPORT_MESSAGES.keptCompareAt(keptCompareAt),
      });
      continue;
    }
    const images = row.images ? planImages(row.images, current, origin, imageHosts, notices) : null;
    const action: PlanAction = !current
      ? 'create'
      : unchanged(current, input, images, origin)
        ? 'skip'
        : 'update';
    products.push({
      line: row.line,
      handle: row.handle,
      title: row.title,
      action,
      existing: current,
      input,
      images,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  const count = (action: PlanAction) => products.filter((product) => product.action === action).length;
  const remote = new Set(
    products.flatMap((product) =>
      (product.images ?? []).flatMap((image) => (image.kind === 'remote' ? [image.url] : [])),
    ),
  );
  return {
    products,
    errors,
    notices,
    counts: {
      create: count('create'),
      update: count('update'),
      skip: count('skip'),
      errors: errors.length,
    },
    remoteImages: remote.size,
  };
}

/**
 * The images a product of the file gets, at most 10; null keeps the product's own. Remote images
 * are left out for a product that already has images (the shop cannot tell which URL an image came
 * from); a file whose images are all elsewhere (not fetched) leaves the product's images as they are.
 */
function planImages(
  rowImages: NonNullable<CsvProduct['images']>,
  current: Product | null,
  origin: string,
  imageHosts: readonly string[],
  notices: RowError[],
): PlannedImage[] | null {
  const planned: PlannedImage[] = [];
  const hasImages = (current?.images.length ?? 0) > 0;
  let kept = false;
  for (const image of rowImages) {
    const source = imageSource(image.url, origin, imageHosts);
    if (source.kind === 'foreign') {
      notices.push({
        line: image.line,
        field: 'Image Src',
        message: IMPORT_MESSAGES.foreignImage(image.url, source.reason),
      });
    } else if (source.kind === 'remote') {
      if (!hasImages) planned.push({ kind: 'remote', url: source.url, line: image.line });
      else if (!kept) {
        kept = true;
        notices.push({ line: image.line, field: 'Image Src', message: IMPORT_MESSAGES.keptImages });
      }
    } else {
      const had = current?.images.find((candidate) => new URL(candidate.url, origin).href === source.url);
      planned.push({
        kind: 'own',
        url: source.url,
        name: source.name,
        existingId: had?.id ?? null,
        line: image.line,
      });
    }
  }
  return planned.length > 0 || rowImages.length === 0 ? planned.slice(0, 10) : null;
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
  // The texts as the shop will store them (line breaks and control characters made plain by the
  // product's own rules), so a file's CRLF or stray tab does not read as a change.
  const parsed = productInputSchema.safeParse({ ...input, mediaIds: [] });
  const text = parsed.success ? parsed.data : input;
  return (
    current.title === text.title &&
    current.descriptionHtml === text.descriptionHtml &&
    same(current.tags, text.tags) &&
    current.productType === text.productType &&
    current.priceCents === input.priceCents &&
    current.compareAtCents === (input.compareAtCents ?? null) &&
    (current.available ?? 0) === input.quantity &&
    same(current.facts, input.facts) &&
    (images === null ||
      same(
        current.images.map((image) => new URL(image.url, origin).href),
        images.map((image) => image.url),
      ))
  );
}
