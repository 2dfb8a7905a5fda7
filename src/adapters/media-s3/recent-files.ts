import { LRUCache } from 'lru-cache';

/**
 * The bytes of the images this process read from the bucket or stored there lately: the hot
 * variants cost no round trip, and a store that is down still serves them (decision 094). Names
 * are never reused, so nothing here goes stale; a purged image's row is gone, so it is never served.
 */
export type RecentFiles = {
  get(key: string): Uint8Array | null;
  keep(key: string, bytes: Uint8Array): void;
  forget(key: string): void;
};

export function recentFiles(maxBytes: number): RecentFiles {
  const cache = new LRUCache<string, Uint8Array>({
    maxSize: maxBytes,
    // An original of a few MB would push out dozens of variants, which is what pages ask for.
    maxEntrySize: Math.floor(maxBytes / 8),
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
  });
  return {
    get: (key) => cache.get(key) ?? null,
    keep: (key, bytes) => cache.set(key, ownBytes(bytes)),
    forget: (key) => cache.delete(key),
  };
}

/** A copy when the bytes are a view into a larger block, which holding them would keep whole. */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength
    ? bytes
    : new Uint8Array(bytes);
}
