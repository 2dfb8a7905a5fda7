import fs from 'node:fs';
import path from 'node:path';
import type { Container } from '../../src/server/container.ts';
import { renderCardArt } from './card-art.ts';
import { SEED_CATEGORIES } from './categories.ts';
import { benchProducts, demoProducts, type SeedProduct } from './products.ts';

/** Art for generated benchmark products comes from a small pool, so 10k products seed in seconds. */
const BENCH_ART_POOL = 24;

export type SeedReport = { categories: number; products: number };

/** Deletes the data folder's database, media and builds, so the next open starts from nothing. */
export function resetDataDir(dataDir: string): void {
  for (const name of ['shop.db', 'shop.db-wal', 'shop.db-shm', 'media', 'builds', 'build-cache']) {
    fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * Fills an empty shop with the demo categories and catalogue; adds `extraProducts` generated singles.
 * On a hosted catalogue only the categories are seeded.
 */
export async function seedShop(
  container: Container,
  options: { extraProducts?: number } = {},
): Promise<SeedReport> {
  const report: SeedReport = { categories: 0, products: 0 };
  if ((await container.documents.listCategories()).length === 0) {
    for (const category of SEED_CATEGORIES) await container.documents.putCategory(category);
    report.categories = SEED_CATEGORIES.length;
  }
  // A hosted catalogue (Shopify) is the owner's real store: the demo never writes products into it.
  if (container.env.COMMERCE_BACKEND !== 'local') return report;
  const categories = await container.documents.listCategories();
  if ((await container.commerce.recentProducts(1)).length === 0) {
    report.products += await createAll(container, demoProducts(categories), false);
  }
  if (options.extraProducts) {
    report.products += await createAll(container, benchProducts(categories, options.extraProducts), true);
  }
  return report;
}

async function createAll(container: Container, products: SeedProduct[], pooledArt: boolean): Promise<number> {
  const pool = new Map<number, string>();
  for (let start = 0; start < products.length; start += 500) {
    const batch = products.slice(start, start + 500);
    // Rendering runs on sharp's thread pool, so a few at a time use both cores.
    const mediaIds = await mapLimit(batch, 4, async (product, offset) => {
      const slot = (start + offset) % BENCH_ART_POOL;
      const pooled = pooledArt ? pool.get(slot) : undefined;
      if (pooled) return pooled;
      const stored = await container.media.store(await renderCardArt(product.art), product.title);
      if (pooledArt) pool.set(slot, stored.id);
      return stored.id;
    });
    // One transaction per batch through the port, as a catalogue import writes them: on PostgreSQL a
    // transaction per product (its BEGIN, COMMIT and read-back) made 10,000 products take a minute.
    const items = batch.map(({ art: _art, ...input }, offset) => ({
      id: null,
      input: { ...input, mediaIds: [mediaIds[offset] ?? ''] },
    }));
    await container.commerce.importProducts(items, () => undefined);
  }
  return products.length;
}

/** Runs `run` over the items, at most `limit` at a time, answers in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
