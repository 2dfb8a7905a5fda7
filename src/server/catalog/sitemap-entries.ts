import type { Category } from '../../domain/catalog/category.ts';
import { playerCards } from '../../domain/catalog/player-cards.ts';
import type { ProductSummary } from '../../domain/catalog/product.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import { indexableListingPages, singlesListings } from '../../domain/catalog/singles-listings.ts';
import { playerHref } from '../../domain/catalog/singles-menu.ts';
import { buildSitemaps, latestDate, type SitemapEntry, type Sitemaps } from '../../domain/seo/sitemap.ts';
import type { Container } from '../container.ts';
import { SINGLES_PAGE_SIZE } from './singles-query.ts';
import { storefrontCategories, storefrontProducts } from './storefront-data.ts';

/** The day the texts of the content pages (about, contact, legal) were last edited; change it with them. */
export const CONTENT_UPDATED = '2026-11-22';

const CONTENT_PAGES = [
  '/about-us',
  '/contact-us',
  '/coming-soon',
  '/accessibility',
  '/privacy',
  '/cookies',
  '/terms',
];
const GRID_PAGES = ['/mystery-packs', '/LOT', '/offers'];

const day = (iso: string) => iso.slice(0, 10);
const newestOf = (products: readonly ProductSummary[], fallback: string) =>
  latestDate(
    products.map((product) => product.updatedAt),
    fallback,
  );

/**
 * Every indexable page of the storefront with its last change (decision 044): home, the grids,
 * the content pages, each indexable singles listing page, every product, and each player page
 * that has a card. Read at build time, from the build's one catalogue read.
 */
export async function sitemapEntries(container: Container): Promise<SitemapEntry[]> {
  return (await madeFrom(container)).entries;
}

/**
 * The sitemap files for `site`: the index (or the one urlset) and its parts. A build asks for
 * them once per file it writes (the index, then each part); they are made once per catalogue.
 */
export async function storefrontSitemaps(container: Container, site: string): Promise<Sitemaps> {
  const { entries, sitemaps } = await madeFrom(container);
  let made = sitemaps.get(site);
  if (!made) {
    made = buildSitemaps(entries, site);
    sitemaps.set(site, made);
  }
  return made;
}

// One catalogue read's entries and sitemaps (decision 058): a build of 100k products otherwise
// worked them out again for the index and for every part.
type Made = { categories: readonly Category[]; entries: SitemapEntry[]; sitemaps: Map<string, Sitemaps> };
const madeFor = new WeakMap<readonly ProductSummary[], Made>();

async function madeFrom(container: Container): Promise<Made> {
  const [products, categories] = await Promise.all([
    storefrontProducts(container),
    storefrontCategories(container),
  ]);
  let made = madeFor.get(products);
  if (made?.categories !== categories) {
    made = { categories, entries: entriesOf(products, categories), sitemaps: new Map() };
    madeFor.set(products, made);
  }
  return made;
}

function entriesOf(products: readonly ProductSummary[], categories: readonly Category[]): SitemapEntry[] {
  const catalogueDay = day(newestOf(products, `${CONTENT_UPDATED}T00:00:00Z`));
  const entries: SitemapEntry[] = [
    { path: '/', lastmod: catalogueDay },
    ...GRID_PAGES.map((path) => ({ path, lastmod: catalogueDay })),
    ...CONTENT_PAGES.map((path) => ({ path, lastmod: CONTENT_UPDATED })),
    ...indexableListingPages(singlesListings(products, categories), SINGLES_PAGE_SIZE).map((page) => ({
      path: page.path,
      lastmod: page.lastmod ? day(page.lastmod) : CONTENT_UPDATED,
    })),
    ...products.map((product) => ({ path: productPath(product), lastmod: day(product.updatedAt) })),
  ];
  const players = new Map<string, string>();
  for (const category of categories)
    for (const team of category.teams)
      for (const player of team.players) {
        const cards = playerCards(products, player.name, team.name);
        // A player page without a card is not indexed, so it is not listed (decision 042).
        if (cards.length > 0) players.set(playerHref(player.name, team.name), day(newestOf(cards, '')));
      }
  for (const [path, lastmod] of players) entries.push({ path, lastmod });
  return entries;
}
