import compressible from 'compressible';
import mime from 'mime-types';

/** The Content-Type for a file by its name (with the charset for text), octet-stream when unknown. */
export function contentTypeOf(fileName: string): string {
  return mime.contentType(fileName.slice(fileName.lastIndexOf('/') + 1)) || 'application/octet-stream';
}

/** Whether gzip makes this type smaller (text, JSON, SVG; not JPEG, WebP or fonts already packed). */
export function isCompressible(contentType: string): boolean {
  return compressible(contentType) === true;
}
