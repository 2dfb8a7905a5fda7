/** Upload rules shared by the browser check and the server (spec section 5). */
export const MAX_UPLOAD_BYTES = 20_971_520;
export const MAX_PICKED_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The image kind told by the file's first bytes (magic numbers), never by its name or claimed type. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (
    startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))
  ) {
    return 'avif';
  }
  return null;
}

/**
 * The names the shop stores images under (encode-image.ts): the upload's time, a random part and
 * the sanitised original name, as JPEG, PNG or WebP. No other name (../, slashes, a foreign file)
 * ever reaches a file, an object key or a stored image's URL.
 */
const STORED_NAME = /^[0-9]{13}-[a-z0-9]{6}-[A-Za-z0-9_-]{1,60}\.(jpg|png|webp)$/;

export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/** Letters, digits, hyphen and underscore only; at most 60 characters; never empty. */
export function sanitizeBaseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const clean = withoutExtension
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return clean || 'image';
}
