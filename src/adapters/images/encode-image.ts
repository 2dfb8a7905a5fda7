import { randomBytes } from 'node:crypto';
import { AppError } from '../../domain/errors.ts';
import {
  type ImageKind,
  MAX_UPLOAD_BYTES,
  sanitizeBaseName,
  sniffImage,
} from '../../domain/media/image-files.ts';
import { sharp } from '../load-sdk.ts';

/**
 * What every media adapter does with an uploaded file before it keeps it anywhere (on disk, or
 * on Shopify): check the bytes by content, then re-encode them with sharp (EXIF and GPS dropped,
 * orientation applied, at most 1600 px), so only pixels this server produced are ever stored.
 */
const MAX_EDGE = 1600;
const OUTPUT: Record<ImageKind, { extension: 'jpg' | 'png' | 'webp'; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  gif: { extension: 'png', contentType: 'image/png' },
  avif: { extension: 'webp', contentType: 'image/webp' },
};

export const NO_VALID_IMAGE = 'Καμία έγκυρη εικόνα δεν ανέβηκε.';
export const NOT_AN_IMAGE = 'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).';

export type EncodedImage = {
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
  /** A generated name: time, a random part and the sanitised original name. */
  fileName: string;
};

export async function encodeImage(bytes: Uint8Array, originalName: string): Promise<EncodedImage> {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new AppError('invalid', NO_VALID_IMAGE);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('invalid', NOT_AN_IMAGE);
  const output = OUTPUT[kind];
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    // rotate() applies EXIF orientation; metadata (EXIF, GPS) is dropped by default.
    const pipeline = sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const formatted =
      output.extension === 'jpg'
        ? pipeline.jpeg({ quality: 82, progressive: true })
        : output.extension === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 82 });
    encoded = await formatted.toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('invalid', NOT_AN_IMAGE);
  }
  const random = randomBytes(4).toString('hex').slice(0, 6);
  return {
    data: encoded.data,
    width: encoded.info.width,
    height: encoded.info.height,
    contentType: output.contentType,
    fileName: `${Date.now()}-${random}-${sanitizeBaseName(originalName)}.${output.extension}`,
  };
}
