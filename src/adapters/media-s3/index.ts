import type { Kysely } from 'kysely';
import { imageUrls } from '../../domain/media/responsive-image.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { DB } from '../database/schema.ts';
import { encodeImage } from '../images/encode-image.ts';
import { filesOf, renderAllVariants, variantReader } from '../images/image-variants.ts';
import { deleteUnusedRows, insertMediaRow, storedContentType } from '../images/media-rows.ts';
import { type BucketSettings, openBucket } from './bucket.ts';
import { type MissingVariants, renderMissingVariants } from './missing-variants.ts';
import { recentFiles } from './recent-files.ts';

export type S3MediaSettings = BucketSettings & {
  /**
   * Where browsers fetch the images and their variants straight from the bucket or a CDN in front
   * of it (MEDIA_PUBLIC_URL); unset, the shop serves them at /media/<name>.
   */
  publicUrl?: string | undefined;
};

export type S3Media = MediaPort & {
  /**
   * Renders and stores every variant the bucket lacks, for each stored image (the images stored
   * before MEDIA_PUBLIC_URL was set); idempotent (`npm run media:variants`).
   */
  renderMissingVariants(onImage?: (done: number) => void): Promise<MissingVariants>;
  close(): Promise<void>;
};

/** Bytes of recently served images each process keeps in memory (recent-files.ts). */
const RECENT_BYTES = 16 * 1024 * 1024;

/**
 * Product images in an S3-compatible bucket (decision 094), so every instance of the shop serves
 * the same images. As on the local adapter, the rows are in the shop's database (media-rows.ts) and
 * a file is served only while its row exists; the bytes are objects under the same names as the
 * local files: <name> for the original, w<width>/<name>.webp for a variant, rendered on first
 * request and cached in the bucket, or with a public URL all at upload, since browsers then fetch
 * them from the bucket or a CDN, which cannot render one. An upload is checked and re-encoded
 * before it is stored, and its row is written only once its objects are there.
 */
export function createS3Media(db: Kysely<DB>, settings: S3MediaSettings): S3Media {
  const bucket = openBucket(settings);
  const recent = recentFiles(RECENT_BYTES);
  const urls = { publicUrl: settings.publicUrl };

  /** An object's bytes, from this process's memory when it has them; null when the bucket has none. */
  async function object(key: string): Promise<Uint8Array | null> {
    const kept = recent.get(key);
    if (kept) return kept;
    const bytes = await bucket.get(key);
    if (bytes) recent.keep(key, bytes);
    return bytes;
  }

  const readVariant = variantReader({
    isStored: async (name) => (await storedContentType(db, name)) !== null,
    async readCached(file, name) {
      try {
        return await object(file);
      } catch (error) {
        // The store is down: an original this process still has is rendered again instead.
        if (recent.get(name)) return null;
        throw error;
      }
    },
    original: object,
    async writeCached(file, bytes) {
      recent.keep(file, bytes);
      await bucket.put(file, bytes, 'image/webp');
    },
  });

  return {
    async store(bytes, originalName) {
      const encoded = await encodeImage(bytes, originalName);
      const { fileName } = encoded;
      const objects = [{ key: fileName, bytes: encoded.data, contentType: encoded.contentType }];
      if (urls.publicUrl) {
        // Pages will point at every variant in the bucket, and nothing there can render one later.
        const variants = await renderAllVariants(fileName, encoded.data);
        if (!variants) throw new Error(`Could not render the variants of ${fileName}`);
        for (const { file, bytes } of variants) objects.push({ key: file, bytes, contentType: 'image/webp' });
      }
      const put = await Promise.allSettled(
        objects.map(({ key, bytes, contentType }) => bucket.put(key, bytes, contentType)),
      );
      const stored = objects.filter((_, at) => put[at]?.status === 'fulfilled').map(({ key }) => key);
      let id: string;
      try {
        const failed = put.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        id = await insertMediaRow(db, encoded);
      } catch (error) {
        // A failure is logged by the bucket; an object without its row is never served.
        await Promise.all(stored.map((key) => bucket.remove(key).catch(() => {})));
        throw error;
      }
      recent.keep(fileName, encoded.data);
      return {
        id,
        url: imageUrls(urls, fileName).url,
        width: encoded.width,
        height: encoded.height,
        contentType: encoded.contentType,
      };
    },

    async read(name) {
      const contentType = await storedContentType(db, name);
      if (!contentType) return null;
      const bytes = await object(name);
      return bytes ? { bytes, contentType } : null;
    },

    async exists(name) {
      if (!(await storedContentType(db, name))) return false;
      return recent.get(name) !== null || (await bucket.has(name));
    },

    async purgeUnused(olderThan) {
      // The rows go first (media-rows.ts); the objects follow.
      const gone = await deleteUnusedRows(db, olderThan);
      for (const name of gone) {
        await Promise.all(
          filesOf(name).map(async (key) => {
            recent.forget(key);
            // A failure is logged by the bucket; the object, without its row, is never served.
            await bucket.remove(key).catch(() => {});
          }),
        );
      }
      return gone.length;
    },

    readVariant,

    renderMissingVariants: (onImage) => renderMissingVariants(db, bucket, onImage),

    async close() {
      bucket.close();
    },
  };
}
