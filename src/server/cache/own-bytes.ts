import { gzipSync } from 'node:zlib';

/**
 * Bytes in memory of their own, for copies kept for long (cached answers, cached static files). A
 * small Buffer from Node (`readFileSync`, zlib's synchronous result, `Buffer.from`) is a view into
 * a 64 KB block that other buffers share, and one such view held for long holds the whole block: a worker's
 * thousand cached answers held about 41 MB of such blocks for a few MB of gzip.
 */
export function ownBytes(bytes: Uint8Array): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength)
    return Buffer.from(bytes.buffer);
  const own = new Uint8Array(bytes);
  return Buffer.from(own.buffer, 0, own.byteLength);
}

/** The body gzipped, in memory of its own (see ownBytes). */
export const gzipOwned = (body: Uint8Array): Buffer => ownBytes(gzipSync(body));
