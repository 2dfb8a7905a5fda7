import { IMAGE_WIDTHS, isImageWidth, variantFile } from '../../domain/media/responsive-image.ts';
import type { MediaFile } from '../../domain/media/stored-media.ts';
import { log } from '../../lib/log.ts';
import type { MediaPort } from '../../ports/media.ts';
import { sharp } from '../load-sdk.ts';

/**
 * The resized WebP variants of stored images (the media route's ?w=), rendered on first request
 * and cached beside the originals, for every media adapter that keeps its own bytes (or all at
 * upload, where browsers fetch them from a bucket that cannot render them: MEDIA_PUBLIC_URL). Where
 * the bytes live (a folder, a bucket) is the adapter's; the names, the rendering and the rules here.
 */
const VARIANT_QUALITY = 78;

/** Every file a stored image may have: the original and each variant. */
export const filesOf = (name: string): string[] => [
  name,
  ...IMAGE_WIDTHS.map((width) => variantFile(name, width)),
];

/** The image (a file's path, or its bytes) at most `width` wide as WebP; null when it does not decode. */
export async function renderVariant(source: string | Uint8Array, width: number): Promise<Buffer | null> {
  try {
    return await sharp(source, { limitInputPixels: 50_000_000 })
      .resize({ width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: VARIANT_QUALITY })
      .toBuffer();
  } catch {
    return null; // The original has gone or no longer decodes: the same answer as read().
  }
}

/**
 * Every variant of a stored image, rendered from its original (a path or the bytes), with the file
 * each is kept as; null when the original does not decode.
 */
export async function renderAllVariants(
  name: string,
  source: string | Uint8Array,
): Promise<Array<{ file: string; bytes: Buffer }> | null> {
  const rendered = await Promise.all(IMAGE_WIDTHS.map((width) => renderVariant(source, width)));
  if (rendered.some((bytes) => bytes === null)) return null;
  return IMAGE_WIDTHS.map((width, at) => ({ file: variantFile(name, width), bytes: rendered[at] as Buffer }));
}

/** What an adapter gives the variant reader: its rows and its bytes. */
export type VariantStore = {
  /** Whether the name is a stored image (a generated name with a row). */
  isStored(name: string): Promise<boolean>;
  /** The cached variant `file` of the image `name`; null when it is not cached yet. */
  readCached(file: string, name: string): Promise<Uint8Array | null>;
  /** The original to render from (a path or the bytes); null when it has gone. */
  original(name: string): Promise<string | Uint8Array | null>;
  /** Caches a rendered variant; a failure is logged and the bytes are served all the same. */
  writeCached(file: string, bytes: Buffer): Promise<void>;
};

/** MediaPort.readVariant over an adapter's store. */
export function variantReader(store: VariantStore): MediaPort['readVariant'] {
  // One answer per variant at a time: requests at once share its lookup and, when it is not cached
  // yet, its render (two lookups on two pooled connections could each miss the file and render).
  const pending = new Map<string, Promise<MediaFile | null>>();

  async function variant(name: string, width: number): Promise<MediaFile | null> {
    if (!(await store.isStored(name))) return null;
    const file = variantFile(name, width);
    const cached = await store.readCached(file, name);
    if (cached) return { bytes: cached, contentType: 'image/webp' };
    const source = await store.original(name);
    const bytes = source === null ? null : await renderVariant(source, width);
    if (!bytes) return null;
    try {
      await store.writeCached(file, bytes);
    } catch (error) {
      // The cache is an optimisation: serve the rendered bytes and try again next time.
      log.warn('Could not cache an image variant', { file, error });
    }
    return { bytes, contentType: 'image/webp' };
  }

  return (name, width) => {
    // Only the listed widths, so no client can make the server render arbitrary sizes.
    if (!isImageWidth(width)) return Promise.resolve(null);
    const key = `${width}/${name}`;
    let answer = pending.get(key);
    if (!answer) {
      answer = variant(name, width).finally(() => pending.delete(key));
      pending.set(key, answer);
    }
    return answer;
  };
}
