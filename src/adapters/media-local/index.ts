import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { imageUrls } from '../../domain/media/responsive-image.ts';
import { log } from '../../lib/log.ts';
import type { MediaPort } from '../../ports/media.ts';
import type { DB } from '../database/schema.ts';
import { encodeImage } from '../images/encode-image.ts';
import { filesOf, variantReader } from '../images/image-variants.ts';
import { deleteUnusedRows, insertMediaRow, storedContentType } from '../images/media-rows.ts';

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

  const readVariant = variantReader({
    isStored: async (name) => (await storedContentType(db, name)) !== null,
    readCached: (file) => fs.readFile(path.join(folder, file)).catch(() => null),
    // sharp reads the file itself; a file gone from disk fails the render, which answers null.
    original: async (name) => path.join(folder, name),
    async writeCached(file, bytes) {
      const target = path.join(folder, file);
      // A unique temp name, so a render in another process never writes into ours; rename is atomic.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
  });

  return {
    async store(bytes, originalName) {
      const encoded = await encodeImage(bytes, originalName);
      const { fileName } = encoded;
      await fs.mkdir(folder, { recursive: true });
      const target = path.join(folder, fileName);
      await fs.writeFile(`${target}.tmp`, encoded.data);
      await fs.rename(`${target}.tmp`, target);
      try {
        return {
          id: await insertMediaRow(db, encoded),
          url: imageUrls({}, fileName).url,
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
      const contentType = await storedContentType(db, name);
      if (!contentType) return null;
      try {
        return { bytes: await fs.readFile(path.join(folder, name)), contentType };
      } catch {
        return null;
      }
    },

    async exists(name) {
      if (!(await storedContentType(db, name))) return false;
      const stat = await fs.stat(path.join(folder, name)).catch(() => null);
      return stat?.isFile() ?? false;
    },

    async purgeUnused(olderThan) {
      // The rows go first (media-rows.ts); the files follow.
      const gone = await deleteUnusedRows(db, olderThan);
      for (const name of gone) {
        await Promise.all(
          filesOf(name).map((file) =>
            fs.rm(path.join(folder, file), { force: true }).catch((error: unknown) => {
              log.warn('Could not remove an unused image', { file, error });
            }),
          ),
        );
      }
      return gone.length;
    },

    readVariant,
  };
}
