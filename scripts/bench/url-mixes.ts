import type { Category } from '../../src/domain/catalog/category.ts';
import type { Product } from '../../src/domain/catalog/product.ts';

/** A small deterministic generator (mulberry32), so every run loads the same URLs. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SORTS = ['newest', 'oldest', 'name', 'price-asc', 'price-desc'];
const SPORTS = ['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER'];

/** Words shoppers type: the longer words of product titles, and a few Greek spellings. */
export function searchWords(products: readonly Product[], random: () => number, count: number): string[] {
  const words = new Set<string>([
    'Σλουκας',
    'Αντετοκουνμπο',
    'ρούκι',
    'prizm',
    'topps chrome',
    'rookie auto',
  ]);
  const titles = products.map((product) => product.title);
  for (let tries = 0; words.size < count && tries < count * 50; tries++) {
    const title = titles[Math.floor(random() * titles.length)] ?? '';
    const parts = title.split(/\s+/).filter((word) => word.length >= 4 && /^\p{L}+$/u.test(word));
    const word = parts[Math.floor(random() * parts.length)];
    if (word) words.add(word.toLowerCase());
  }
  return [...words];
}

/**
 * At least `count` different singles API URLs, mixing what the filter panel offers: sport, team,
 * player, search words, price ranges, every sort and later pages.
 */
export function singlesMix(
  categories: readonly Category[],
  products: readonly Product[],
  count: number,
  seed = 11,
): string[] {
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const teams = categories.flatMap((category) => category.teams);
  const words = searchWords(products, random, 60);
  const urls = new Set<string>();
  for (let tries = 0; urls.size < count && tries < count * 20; tries++) {
    const params = new URLSearchParams();
    const shape = random();
    if (shape < 0.3) params.set('category', pick(SPORTS) ?? 'NBA');
    else if (shape < 0.55) {
      const team = pick(teams);
      if (team) {
        params.set('category', 'NBA');
        params.set('team', team.name);
        const player = pick(team.players);
        if (player && random() < 0.4) params.set('player', player.name);
      }
    }
    if (random() < 0.4) params.set('search', pick(words) ?? 'prizm');
    if (random() < 0.3) {
      const min = Math.floor(random() * 20);
      params.set('min', String(min));
      params.set('max', String(min + 5 + Math.floor(random() * 200)));
    }
    params.set('sort', pick(SORTS) ?? 'newest');
    if (random() < 0.35) params.set('page', String(2 + Math.floor(random() * 6)));
    urls.add(`/api/products?${params}`);
  }
  return [...urls];
}

/** At least `count` different header searches (1 to 3 words). */
export function searchMix(products: readonly Product[], count: number, seed = 12): string[] {
  const random = randomSource(seed);
  const words = searchWords(products, random, Math.max(80, count));
  const urls = new Set<string>();
  for (let tries = 0; urls.size < count && tries < count * 20; tries++) {
    const n = 1 + Math.floor(random() * 2);
    const query = Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(' ');
    urls.add(`/api/search?q=${encodeURIComponent(query)}`);
  }
  return [...urls];
}

/** Product page URLs of `count` different products spread over the catalogue. */
export function productMix(products: readonly Product[], count: number): string[] {
  const step = Math.max(1, Math.floor(products.length / count));
  const urls: string[] = [];
  for (let index = 0; index < products.length && urls.length < count; index += step) {
    const product = products[index];
    if (product) urls.push(`/product/${encodeURIComponent(product.variantId || product.id)}`);
  }
  return urls;
}
