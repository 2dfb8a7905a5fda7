import type { MediaFile, StoredMedia } from '../domain/media/stored-media.ts';

export interface MediaPort {
  /** Checks the bytes by content, re-encodes them and stores them under a generated name. */
  store(bytes: Uint8Array, originalName: string): Promise<StoredMedia>;
  /** Reads a stored file by its generated name; null when there is none. */
  read(name: string): Promise<MediaFile | null>;
  /** Whether read() would find a file by this name, without reading it. */
  exists(name: string): Promise<boolean>;
  /**
   * The stored file resized to `width` (one of IMAGE_WIDTHS) as WebP, rendered once and cached;
   * null for any other width or a name that read() would not serve.
   */
  readVariant(name: string, width: number): Promise<MediaFile | null>;
  /**
   * Deletes stored files that no product uses and that were stored before `olderThan` (uploads
   * whose product was never saved, images of deleted products); answers how many went. A backend
   * that keeps nothing of its own (Shopify's staged uploads expire there) answers 0.
   */
  purgeUnused(olderThan: Date): Promise<number>;
}
