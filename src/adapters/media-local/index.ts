import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { IMAGE_WIDTHS, isImageWidth } from '../../domain/media/responsive-image.ts';
import type { MediaFile } from '../../domain/media/stored-media.ts';
import { log } from '../../lib/log.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { DB } from '../database/schema.ts';
import { encodeImage } from '../images/encode-image.ts';
import { sharp } from '../load-sdk.ts';
import { toGid } from '../sqlite/ids.ts';

const NAME_PATTERN = /^[0-9]{13}-[a-z0-9]{6}-[A-Za-z0-9_-]{1,60}\.(jpg|png|webp)$/;
const VARIANT_QUALITY = 78;

/** Where the images go: their rows in the shop's database (SQLite or PostgreSQL), files in a folder. */
export type MediaStorage = { db: Kysely<DB>; dataDir: string };

/**
 * Image files under <dataDir>/media: checked by content and re-encoded (../images/encode-image.ts),
 * stored under generated names. The SQLite engine is a MediaStorage itself (its data folder holds
 * the database too); beside PostgreSQL the files stay in the shop's data folder on disk.
 * Resized variants are rendered on first request and cached as <dataDir>/media/w<width>/<name>.webp.
 */
export function createLocalMedia({ db, dataDir }: MediaStorage): MediaPort {
  const folder = path.join(dataDir, 'media');
  // One answer per variant at a time: requests at once share its lookup and, when it is not cached
  // yet, its render (two lookups on two pooled connections could each miss the file and render).
  const pendingVariants = new Map<string, Promise<MediaFile | null>>();

  /** The stored file's content type; null unless the name is a generated one that the database knows. */
  async function storedContentType(name: string): Promise<string | null> {
    // Only generated names reach the file system; anything else (../, slashes) is unknown.
    if (!NAME_PATTERN.test(name)) return null;
    const row = await db
      .selectFrom('media')
      .select('content_type')
      .where('file_name', '=', name)
      .executeTakeFirst();
    return row?.content_type ?? null;
  }

  async function renderVariant(name: string, width: number, target: string): Promise<MediaFile | null> {
    let bytes: Buffer;
    try {
      bytes = await sharp(path.join(folder, name), {
        limitInputPixels: 50_000_000,
      })
        .resize({ width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY })
        .toBuffer();
    } catch {
      return null; // The original has gone from disk or no longer decodes: same answer as read().
    }
    // A unique temp name, so a render in another process never writes into ours; rename is atomic.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    } catch (error) {
      // The cache is an optimisation: serve the rendered bytes and try again next time.
      await fs.rm(temp, { force: true });
      log.warn('Could not cache an image variant', { target, error });
    }
    return { bytes, contentType: 'image/webp' };
  }

  /** A stored image's variant: the cached file, or rendered now and cached; null when there is none. */
  async function variant(name: string, width: number): Promise<MediaFile | null> {
    if (!(await storedContentType(name))) return null;
    const target = path.join(folder, `w${width}`, `${name}.webp`);
    try {
      return { bytes: await fs.readFile(target), contentType: 'image/webp' };
    } catch {
      return renderVariant(name, width, target); // Not rendered yet.
    }
  }

  return {
    async store(bytes, originalName) {
      const encoded = await encodeImage(bytes, originalName);
      const { fileName } = encoded;
      await fs.mkdir(folder, { recursive: true });
      const target = path.join(folder, fileName);
      await fs.writeFile(`${target}.tmp`, encoded.data);
      await fs.rename(`${target}.tmp`, target);
      try {
        const row = await db
          .insertInto('media')
          .values({
            file_name: fileName,
            content_type: encoded.contentType,
            width: encoded.width,
            height: encoded.height,
            byte_size: encoded.data.byteLength,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return {
          id: toGid('MediaImage', row.id),
          url: `/media/${fileName}`,
          width: encoded.width,
          height: encoded.height,
          contentType: encoded.contentType,
        };
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
    },

    async read(name) {
      const contentType = await storedContentType(name);
      if (!contentType) return null;
      try {
        return { bytes: await fs.readFile(path.join(folder, name)), contentType };
      } catch {
        return null;
      }
    },

    async exists(name) {
      if (!(await storedContentType(name))) return false;
      const stat = await fs.stat(path.join(folder, name)).catch(() => null);
      return stat?.isFile() ?? false;
    },

    async purgeUnused(olderThan) {
      // The row goes first, in one statement that checks no product took it meanwhile; the files
      // follow. A file left by a failed removal is never served again (read() needs the row).
      const gone = await db
        .deleteFrom('media')
        .where('created_at', '<', olderThan.toISOString())
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('product_media')
                .select('media_id')
                .whereRef('product_media.media_id', '=', 'media.id'),
            ),
          ),
        )
        .returning('file_name')
        .execute();
      for (const { file_name: name } of gone) {
        const files = [name, ...IMAGE_WIDTHS.map((width) => path.join(`w${width}`, `${name}.webp`))];
        await Promise.all(
          files.map((file) =>
            fs.rm(path.join(folder, file), { force: true }).catch((error: unknown) => {
              log.warn('Could not remove an unused image', { file, error });
            }),
          ),
        );
      }
      return gone.length;
    },

    async readVariant(name, width) {
      // Only the listed widths, so no client can make the server render arbitrary sizes.
      if (!isImageWidth(width)) return null;
      const key = `${width}/${name}`;
      let pending = pendingVariants.get(key);
      if (!pending) {
        pending = variant(name, width).finally(() => pendingVariants.delete(key));
        pendingVariants.set(key, pending);
      }
      return pending;
    },
  };
}
