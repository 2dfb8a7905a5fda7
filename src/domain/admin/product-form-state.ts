import { type CardFacts, EMPTY_FACT_FIELDS, factsToFields } from '../card-facts/facts.ts';
import type { Category } from '../catalog/category.ts';
import { hasOfferTag, teamOfTags } from '../catalog/offers.ts';
import { formatAdminPrice } from '../catalog/price-input.ts';
import { productKind } from '../catalog/product-kind.ts';
import { categoryGroup, type Sport } from '../catalog/sports.ts';
import { MAX_PICKED_IMAGE_BYTES } from '../media/image-files.ts';
import { foldText } from '../text/fold.ts';
import { MAX_PRODUCT_IMAGES, PRODUCT_FORM_MESSAGES, type ProductFormValues } from './product-form.ts';

/** What the form reads of a product in edit mode (a subset of the dashboard's AdminProduct). */
export type EditableProduct = {
  title: string;
  productType?: string;
  compareAtCents?: number | null;
  team: string;
  tags: readonly string[];
  priceCents: number | null;
  quantity: number | null;
  descriptionHtml: string;
  images: ReadonlyArray<{ id: string; url: string }>;
  facts?: CardFacts;
};

/** Texts of the product form that product-form.ts does not already hold (spec sections 5 and 8). */
export const PRODUCT_FORM_TEXT = {
  addTitle: 'Προσθήκη Νέου Προϊόντος',
  editTitle: 'Επεξεργασία Προϊόντος',
  teamsLoading: 'Φόρτωση ομάδων...',
  noTeams: 'Δεν βρέθηκαν ομάδες για το επιλεγμένο άθλημα...',
  notImage: 'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).',
  imageTooLarge: 'Κάθε εικόνα δεν πρέπει να υπερβαίνει τα 5MB.',
  moveFailed: 'Σφάλμα μετακίνησης εικόνας',
  removeFailed: 'Σφάλμα αφαίρεσης εικόνας',
  pickFailed: 'Σφάλμα κατά την επιλογή εικόνων',
  dropFailed: 'Σφάλμα κατά την απόθεση εικόνων',
} as const;

export const compressionFailedMessage = (detail: string) => `Σφάλμα συμπίεσης εικόνας: ${detail}`;
export const saveFailedMessage = (detail: string) => `Σφάλμα αποθήκευσης προϊόντος: ${detail}`;

// Prefill ---------------------------------------------------------------------------------------

export type FormFields = Omit<ProductFormValues, 'mediaIds'>;

export const EMPTY_FIELDS: FormFields = {
  kind: 'card',
  title: '',
  price: '',
  offer: false,
  compareAt: '',
  team: '',
  quantity: '0',
  descriptionEnabled: false,
  descriptionHtml: '',
  facts: EMPTY_FACT_FIELDS,
};

/** The first images with a URL, each once (by id and by URL), at most MAX_PRODUCT_IMAGES. */
export function prefillImages(
  images: readonly { id: string; url: string }[],
): Array<{ id: string; url: string }> {
  const ids = new Set<string>();
  const urls = new Set<string>();
  const picked: Array<{ id: string; url: string }> = [];
  for (const image of images) {
    if (picked.length === MAX_PRODUCT_IMAGES) break;
    if (!image.url || ids.has(image.id) || urls.has(image.url)) continue;
    ids.add(image.id);
    urls.add(image.url);
    picked.push({ id: image.id, url: image.url });
  }
  return picked;
}

/** Edit mode (spec 4): team from the first tag, price with a comma, description toggle on when one exists. */
export function fieldsFromProduct(product: EditableProduct): FormFields {
  const description = product.descriptionHtml.trim() === '' ? '' : product.descriptionHtml;
  const team = teamOfTags(product.tags) || product.team;
  return {
    kind: productKind({ title: product.title, productType: product.productType ?? '' }),
    title: product.title,
    price: product.priceCents === null ? '' : formatAdminPrice(product.priceCents),
    offer: hasOfferTag(product.tags),
    compareAt: product.compareAtCents ? formatAdminPrice(product.compareAtCents) : '',
    team,
    quantity: String(Math.max(0, product.quantity ?? 0)),
    descriptionEnabled: description !== '',
    descriptionHtml: description,
    facts: product.facts ? factsToFields(product.facts) : EMPTY_FACT_FIELDS,
  };
}

// Teams -----------------------------------------------------------------------------------------

export type TeamOption = { name: string; group: string };

/** The teams of one sport's categories (every sport's for null), in the fixed group order, each team once. */
export function teamOptions(categories: readonly Category[], sport: Sport | null): TeamOption[] {
  const seen = new Set<string>();
  const options: TeamOption[] = [];
  for (const category of categories) {
    const group = categoryGroup(category.id);
    if (!group || (sport !== null && group.sport !== sport)) continue;
    for (const team of category.teams) {
      if (seen.has(team.name)) continue;
      seen.add(team.name);
      options.push({ name: team.name, group: group.label });
    }
  }
  return options;
}

/**
 * Options whose name, or group ('Pacific', 'AFC West'), contains every typed word (case and accents
 * ignored). A sport with a single group (Euroleague) matches names only, or 'ol' would match them all.
 */
export function filterTeamOptions(options: readonly TeamOption[], query: string): TeamOption[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  const withGroups = new Set(options.map((option) => option.group)).size > 1;
  return options.filter((option) => {
    const haystack = foldText(withGroups ? `${option.name} ${option.group}` : option.name);
    return words.every((word) => haystack.includes(word));
  });
}

/** The option a typed text names exactly (case and accents ignored), if any. */
export function exactTeam(options: readonly TeamOption[], text: string): TeamOption | undefined {
  const folded = foldText(text);
  return folded === '' ? undefined : options.find((option) => foldText(option.name) === folded);
}

// Images ----------------------------------------------------------------------------------------

/** One image slot of the form: an existing or uploaded media, or a picked file still on its way. */
export type ImageItem = {
  /** Stable key for React and drag and drop; the media id once known. */
  key: string;
  name: string;
  /** Server URL, or a local preview while the file uploads; empty while it compresses. */
  url: string;
  mediaId: string | null;
  status: 'compressing' | 'uploading' | 'ready';
  /** Upload progress 0..1. */
  progress: number;
};

export function itemsFromImages(images: readonly { id: string; url: string }[]): ImageItem[] {
  return images.map((image, index) => ({
    key: image.id,
    name: `Εικόνα ${index + 1}`,
    url: image.url,
    mediaId: image.id,
    status: 'ready',
    progress: 1,
  }));
}

/** Media ids in display order, only of images that finished uploading. */
export function readyMediaIds(items: readonly ImageItem[]): string[] {
  return items.flatMap((item) => (item.status === 'ready' && item.mediaId ? [item.mediaId] : []));
}

export const isUploading = (items: readonly ImageItem[]) => items.some((item) => item.status !== 'ready');

type PickedFile = { name: string; type: string; size: number };

/** Why a pick of files is refused as a whole (spec 5), or null when every file may go on. */
export function pickedFilesProblem(files: readonly PickedFile[], alreadyHeld: number): string | null {
  if (files.length === 0) return null;
  if (alreadyHeld + files.length > MAX_PRODUCT_IMAGES) return PRODUCT_FORM_MESSAGES.tooManyImages;
  if (files.some((file) => !file.type.startsWith('image/'))) return PRODUCT_FORM_TEXT.notImage;
  if (files.some((file) => file.size > MAX_PICKED_IMAGE_BYTES)) return PRODUCT_FORM_TEXT.imageTooLarge;
  return null;
}

/** The list with the item keyed `from` moved to where `to` is; null when either key is unknown. */
export function moveItem<T extends { key: string }>(
  items: readonly T[],
  from: string,
  to: string,
): T[] | null {
  const fromIndex = items.findIndex((item) => item.key === from);
  const toIndex = items.findIndex((item) => item.key === to);
  if (fromIndex < 0 || toIndex < 0) return null;
  const moved = [...items];
  const [item] = moved.splice(fromIndex, 1);
  if (item === undefined) return null;
  moved.splice(toIndex, 0, item);
  return moved;
}

/** The list without the item keyed `key`; null when there is no such item. */
export function removeItem<T extends { key: string }>(items: readonly T[], key: string): T[] | null {
  const kept = items.filter((item) => item.key !== key);
  return kept.length === items.length ? null : kept;
}

// Upload retries ----------------------------------------------------------------------------------

/** Spec 9: after the first attempt fails, two retries, waiting 2000 ms × the retry's number. */
export const UPLOAD_RETRIES = 2;
export const UPLOAD_RETRY_STEP_MS = 2000;

export const retryDelayMs = (retry: number) => UPLOAD_RETRY_STEP_MS * retry;

export const uploadFailedMessage = (name: string) =>
  `Αποτυχία ανεβάσματος εικόνας ${name} μετά από ${UPLOAD_RETRIES} προσπάθειες`;

export type RetryOptions = {
  retries: number;
  /** Whether a failure is worth another try (a refused file is not; a dropped connection is). */
  shouldRetry: (error: unknown) => boolean;
  sleep: (ms: number) => Promise<void>;
};

/**
 * Runs `attempt` until it succeeds or the retries run out. Rethrows the first error that is not
 * worth retrying; after the last retry throws `exhausted()`.
 */
export async function withRetries<T>(
  attempt: (number: number) => Promise<T>,
  options: RetryOptions,
  exhausted: (error: unknown) => Error,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(retry + 1);
    } catch (error) {
      if (!options.shouldRetry(error)) throw error;
      if (retry >= options.retries) throw exhausted(error);
      await options.sleep(retryDelayMs(retry + 1));
    }
  }
}

// Server answers -----------------------------------------------------------------------------------

const FIELD_OF_SERVER_KEY: Record<string, keyof FormFields | 'images'> = {
  title: 'title',
  price: 'price',
  priceCents: 'price',
  offer: 'offer',
  compareAt: 'compareAt',
  compareAtCents: 'compareAt',
  kind: 'kind',
  team: 'team',
  quantity: 'quantity',
  descriptionHtml: 'descriptionHtml',
  images: 'images',
  mediaIds: 'images',
};

/** The server's field errors under the form's field names; unknown keys are dropped. */
export function formErrorsFromServer(fields: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    // Card facts keep their own keys ('facts.grade'); the port's serial parts are the form's serial.
    const fact = /^facts\.(\w+)$/.exec(key)?.[1];
    if (fact) {
      const field = fact === 'serialNumber' || fact === 'printRun' ? 'serial' : fact;
      if (field in EMPTY_FACT_FIELDS) errors[`facts.${field}`] ??= message;
      continue;
    }
    const field = FIELD_OF_SERVER_KEY[key.split('.')[0] ?? ''];
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}
