import type { Kysely } from 'kysely';
import { IMAGE_WIDTHS, variantFile } from '../../domain/media/responsive-image.ts';
import type { DB } from '../database/schema.ts';
import { renderVariant } from '../images/image-variants.ts';
import { storedNames } from '../images/media-rows.ts';
import type { Bucket } from './bucket.ts';

/** What a pass over the stored images did. */
export type MissingVariants = {
  /** Stored images looked at (every row). */
  images: number;
  /** Variants rendered and put in the bucket now. */
  rendered: number;
  /** Images whose original the bucket does not have, or that no longer decode: nothing to render from. */
  unreadable: string[];
};

/** Rows read at a time, and images worked on at once (a HEAD per variant, a render per missing one). */
const PAGE = 200;
const AT_ONCE = 4;

/**
 * Puts in the bucket every variant a stored image lacks (images stored before MEDIA_PUBLIC_URL
 * was set had theirs rendered only when a page asked the shop for them). Idempotent: a variant
 * already there is only looked at, so a pass cut short (the store went down) is simply run
 * again. A store that is down throws the bucket's AppError.
 */
export async function renderMissingVariants(
  db: Kysely<DB>,
  bucket: Bucket,
  onImage?: (done: number) => void,
): Promise<MissingVariants> {
  const done: MissingVariants = { images: 0, rendered: 0, unreadable: [] };

  async function complete(name: string): Promise<void> {
    const present = await Promise.all(IMAGE_WIDTHS.map((width) => bucket.has(variantFile(name, width))));
    const missing = IMAGE_WIDTHS.filter((_, at) => !present[at]);
    if (missing.length > 0) {
      const original = await bucket.get(name);
      for (const width of missing) {
        const bytes = original && (await renderVariant(original, width));
        if (!bytes) {
          done.unreadable.push(name);
          break;
        }
        await bucket.put(variantFile(name, width), bytes, 'image/webp');
        done.rendered += 1;
      }
    }
    done.images += 1;
    onImage?.(done.images);
  }

  for (let after = 0; ; ) {
    const page = await storedNames(db, after, PAGE);
    if (page.length === 0) break;
    for (let at = 0; at < page.length; at += AT_ONCE)
      await Promise.all(page.slice(at, at + AT_ONCE).map(({ name }) => complete(name)));
    after = page.at(-1)?.id ?? after;
  }
  return done;
}
