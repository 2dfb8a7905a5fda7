import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipOwned, ownBytes } from '../../../src/server/cache/own-bytes.ts';

describe('bytes kept for long', () => {
  const body = Buffer.from('<!doctype html><p>Prizm Silver</p>'.repeat(400));

  it('hold only their own memory, where Node’s small buffers are views into a shared 64 KB block', () => {
    const read = fs.readFileSync(new URL('../../../package.json', import.meta.url));
    expect(read.buffer.byteLength).toBeGreaterThan(read.length);
    const kept = ownBytes(read);
    expect([kept.byteOffset, kept.buffer.byteLength]).toEqual([0, read.length]);
    expect(kept.equals(read)).toBe(true);
    const zipped = gzipOwned(body);
    expect(gzipSync(body).buffer.byteLength).toBeGreaterThan(zipped.length);
    expect([zipped.byteOffset, zipped.buffer.byteLength]).toEqual([0, zipped.length]);
  });

  it('are the same bytes, and the same gzip', () => {
    expect(gzipOwned(body).equals(gzipSync(body))).toBe(true);
    expect(gunzipSync(gzipOwned(body)).equals(body)).toBe(true);
    const exact = Buffer.from(new Uint8Array([1, 2, 3]).buffer);
    expect(ownBytes(exact)).toEqual(exact);
  });
});
