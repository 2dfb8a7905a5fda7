import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../project-root.ts';

/**
 * A cache of the rendered demo art in the project's node_modules/.cache, by what it was rendered
 * from: the demo's art is the same in every shop seeded, and `npm test` seeds several (each e2e
 * run's shop, the Shopify double's catalogue, the seed's own test). The project's, wherever this
 * runs from (`npm start` runs a compiled copy in .server, decision 062). A cache that cannot be
 * read or written only makes the seed slower.
 */
const CACHE = path.join(projectRoot(import.meta.dirname), 'node_modules', '.cache', 'cardshop-card-art');

/** The cached bytes for `key`, or those `render` makes, cached for the next time. */
export async function cachedRender(
  key: string,
  render: () => Promise<Uint8Array>,
  folder = CACHE,
): Promise<Uint8Array> {
  const file = path.join(folder, `${createHash('sha256').update(key).digest('hex')}.jpg`);
  try {
    return new Uint8Array(await fs.readFile(file));
  } catch {
    // Not rendered yet.
  }
  const bytes = await render();
  try {
    await fs.mkdir(folder, { recursive: true });
    // Written whole, then renamed: a process seeding beside this one reads all of it or nothing.
    const partial = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
  } catch {
    // Not cached: the next seed renders it again.
  }
  return bytes;
}
