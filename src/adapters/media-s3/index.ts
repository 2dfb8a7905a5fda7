import type { Kysely } from 'kysely';
import type { MediaPort } from '../../ports/media.ts';
import type { DB } from '../database/schema.ts';
import { encodeImage } from '../images/encode-image.ts';
import { filesOf, variantReader } from '../images/image-variants.ts';
import { deleteUnusedRows, insertMediaRow, storedContentType } from '../images/media-rows.ts';
import { type BucketSettings, openBucket } from './bucket.ts';
import { recentFiles } from './recent-files.ts';

export type S3MediaSettings = BucketSettings & {
  /**
   * Where browsers fetch the originals straight from the bucket or a CDN in front of it
   * (MEDIA_PUBLIC_URL); unset, the shop serves them at /media/<name>.
   */
  publicUrl?: string | undefined;
};

export type S3Media = MediaPort & { close(): Promise<void> };

/** Bytes of recently served images each process keeps in memory (recent-files.ts). */
const RECENT_BYTES = 16 * 1024 * 1024;

/**
 * Product images in an S3-compatible bucket (decision 094), so every instance of the shop serves
 * the same images. As on the local adapter, the rows are in the shop's database (media-rows.ts) and
 * a file is served only while its row exists; the bytes are objects under the same names as the
 * local files: <name> for the original, w<width>/<name>.webp for a variant, rendered on first
 * request and cached in the bucket. An upload is checked and re-encoded before it is stored, and
 * its row is written only once the object is there.
 */
export function createS3Media(db: Kysely<DB>, settings: S3MediaSettings): S3Media {
  const bucket = openBucket(settings);
  const recent = recentFiles(RECENT_BYTES);
  const publicUrl = settings.publicUrl?.replace(/\/+$/, '');

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
      await bucket.put(fileName, encoded.data, encoded.contentType);
      let id: string;
      try {
        id = await insertMediaRow(db, encoded);
      } catch (error) {
        // A failure is logged by the bucket; the object, without its row, is never served.
        await bucket.remove(fileName).catch(() => {});
        throw error;
      }
      recent.keep(fileName, encoded.data);
      return {
        id,
        url: publicUrl ? `${publicUrl}/${fileName}` : `/media/${fileName}`,
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

    async close() {
      bucket.close();
    },
  };
}
