import type { Kysely } from 'kysely';
import { isStoredName } from '../../domain/media/image-files.ts';
import type { DB } from '../database/schema.ts';
import { toGid } from '../sqlite/ids.ts';
import type { EncodedImage } from './encode-image.ts';

/**
 * The `media` rows every embedded-engine media adapter keeps in the shop's database (SQLite or
 * PostgreSQL), wherever it puts the bytes (a folder, a bucket). A file is served only while its
 * row exists, so the row is the truth and the bytes follow it.
 */

/** The stored file's content type; null unless the name is a generated one that the database knows. */
export async function storedContentType(db: Kysely<DB>, name: string): Promise<string | null> {
  if (!isStoredName(name)) return null; // Any other name (../, slashes) never reaches a file or a key.
  const row = await db
    .selectFrom('media')
    .select('content_type')
    .where('file_name', '=', name)
    .executeTakeFirst();
  return row?.content_type ?? null;
}

/** The file names of stored images, a page at a time in the order they were stored (`after` an id). */
export async function storedNames(
  db: Kysely<DB>,
  after: number,
  limit: number,
): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .selectFrom('media')
    .select(['id', 'file_name'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.file_name }));
}

/** Adds the row of an image whose bytes are stored already; answers its id (a MediaImage gid). */
export async function insertMediaRow(db: Kysely<DB>, image: EncodedImage): Promise<string> {
  const row = await db
    .insertInto('media')
    .values({
      file_name: image.fileName,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      byte_size: image.data.byteLength,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toGid('MediaImage', row.id);
}

/**
 * Deletes the rows of images that no product uses and that were stored before `olderThan`, in one
 * statement that checks no product took one meanwhile; answers their file names, whose bytes the
 * caller removes next. Bytes left by a failed removal are never served again (no row).
 */
export async function deleteUnusedRows(db: Kysely<DB>, olderThan: Date): Promise<string[]> {
  const gone = await db
    .deleteFrom('media')
    .where('created_at', '<', olderThan.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('product_media').select('media_id').whereRef('product_media.media_id', '=', 'media.id'),
        ),
      ),
    )
    .returning('file_name')
    .execute();
  return gone.map((row) => row.file_name);
}
