export type StoredMedia = {
  id: string;
  /** Public URL path, for example /media/1732000000000-a1b2c3-card.webp */
  url: string;
  width: number;
  height: number;
  contentType: string;
};

export type MediaFile = { bytes: Uint8Array; contentType: string };

export interface MediaPort {
  /** Checks the bytes by content, re-encodes them and stores them under a generated name. */
  store(bytes: Uint8Array, originalName: string): Promise<StoredMedia>;
  /** Reads a stored file by its generated name; null when there is none. */
  read(name: string): Promise<MediaFile | null>;
  /**
   * The stored file resized to `width` (one of IMAGE_WIDTHS) as WebP, rendered once and cached;
   * null for any other width or a name that read() would not serve.
   */
  readVariant(name: string, width: number): Promise<MediaFile | null>;
}
