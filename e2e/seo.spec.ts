import type { BreadcrumbList, Graph, Offer, ProductLeaf } from 'schema-dts';
import { canonicalPathname } from '../src/domain/seo/url-form.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';
import { type CrawledPage, crawl, isNoindex } from './support/crawl.ts';

/** Path and query of an absolute URL, the way pages link each other. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Indexable: answered 200, not `noindex`, and its canonical is itself. */
const isIndexable = (page: CrawledPage) =>
  page.status === 200 && !isNoindex(page) && page.canonical !== null && pathOf(page.canonical) === page.url;

async function sitemapPaths(base: string): Promise<string[]> {
  const root = await (await fetch(new URL('/sitemap.xml', base))).text();
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      (match[1] ?? '').replace(/&amp;/g, '&').replace(/&apos;/g, "'"),
    );
  if (!root.includes('<sitemapindex')) return locs(root).map(pathOf);
  const parts = await Promise.all(locs(root).map(async (url) => (await fetch(url)).text()));
  return parts.flatMap(locs).map(pathOf);
}

test.describe.configure({ mode: 'serial' });

let pages: Map<string, CrawledPage>;
let base: string;
/** The products there were before the crawl's build caught up: every one of them must be reached. */
let products: Awaited<ReturnType<ReturnType<typeof openShop>['commerce']['listProducts']>>;

/** Names with Greek letters and accents, added to the documents before the crawl. */
const NAMED = ['Βασίλης Σπανούλης', 'Kévin Séraphin'];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  base = baseURL ?? '';
  const shop = openShop();
  try {
    for (const name of NAMED) await shop.documents.addPlayer('euroleague', 'Olympiacos', name);
    // Read before waiting: other specs may add products meanwhile, which this crawl need not see.
    products = await shop.commerce.listProducts();
  } finally {
    shop.close();
  }
  // Pre-rendered pages and the sitemap must hold every change made so far.
  await waitForStorefront();
  const robots = await (await fetch(new URL('/robots.txt', base))).text();
  const disallow = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((match) => match[1] ?? '');
  expect(disallow).toContain('/cart');
  pages = await crawl({ base, disallow });
});

test('a crawler following only <a href> from / meets no error and no redirect', () => {
  const bad = [...pages.values()].filter((page) => page.status !== 200);
  expect(bad.map((page) => `${page.status} ${page.url} -> ${page.location}`)).toEqual([]);
  expect(pages.size).toBeGreaterThan(300);
});

test('it reaches every product within 4 clicks of /', () => {
  const missing: string[] = [];
  const deep: string[] = [];
  for (const product of products) {
    const page = pages.get(`/product/${encodeURIComponent(product.variantId || product.id)}`);
    if (!page) missing.push(product.title);
    else if (page.depth > 4) deep.push(`${product.title} (${page.depth} clicks)`);
  }
  expect(missing).toEqual([]);
  expect(deep).toEqual([]);
});

test('it reaches every page of the sitemap that a link can reach, and the sitemap lists every indexable page it finds', async () => {
  const listed = await sitemapPaths(base);
  expect(new Set(listed).size).toBe(listed.length);
  const indexable = [...pages.values()].filter(isIndexable).map((page) => page.url);
  expect(indexable.filter((url) => !listed.includes(url))).toEqual([]);

  // Every player page with a card is listed and reached; none without a card is listed.
  const players = listed.filter((url) => url.startsWith('/player/'));
  expect(players.length).toBeGreaterThan(50);
  expect(players.filter((url) => !pages.has(url))).toEqual([]);
  // Pages of the sitemap no link reaches (coming-soon) still answer 200, indexable, with a self canonical.
  for (const url of listed.filter((candidate) => !pages.has(candidate))) {
    const response = await fetch(new URL(url, base), { redirect: 'manual' });
    expect(response.status, url).toBe(200);
    const html = await response.text();
    expect(html, url).not.toContain('noindex');
  }
  for (const url of listed.filter((candidate) => pages.has(candidate)))
    expect(isIndexable(pages.get(url) as CrawledPage), `${url} is in the sitemap`).toBe(true);
});

test('player pages without a card are noindex and left out of the sitemap', async () => {
  const empty = [...pages.values()].filter(
    (page) => page.url.startsWith('/player/') && page.status === 200 && isNoindex(page),
  );
  expect(empty.length).toBeGreaterThan(100);
  const listed = new Set(await sitemapPaths(base));
  expect(empty.filter((page) => listed.has(page.url)).map((page) => page.url)).toEqual([]);
});

test('indexable pages share no title and no description', () => {
  const indexable = [...pages.values()].filter(isIndexable);
  for (const key of ['title', 'description'] as const) {
    const seen = new Map<string, string[]>();
    for (const page of indexable) seen.set(page[key] ?? '', [...(seen.get(page[key] ?? '') ?? []), page.url]);
    const shared = [...seen.entries()].filter(([, urls]) => urls.length > 1);
    expect(shared, key).toEqual([]);
    expect(seen.has(''), `a page without a ${key}`).toBe(false);
  }
});

test('canonical links, page links and the sitemap use one URL form; the other form redirects once', async () => {
  for (const page of pages.values()) {
    expect(page.url, 'a link with a trailing slash').toBe(
      `${canonicalPathname(new URL(page.url, base).pathname)}${new URL(page.url, base).search}`,
    );
    if (page.canonical)
      expect(canonicalPathname(new URL(page.canonical).pathname)).toBe(new URL(page.canonical).pathname);
  }
  const names = [
    '/singles',
    '/about-us',
    '/player/Danny%20Welbeck/Brighton%20%26%20Hove%20Albion',
    "/player/Ja'Marr%20Chase/Cincinnati%20Bengals",
    ...NAMED.map((name) => `/player/${encodeURIComponent(name)}/Olympiacos`),
    `/player/${encodeURIComponent(NAMED[0] ?? '')}`,
  ];
  for (const path of names) {
    const direct = await fetch(new URL(path, base), { redirect: 'manual' });
    expect(direct.status, path).toBe(200);
    const slashed = await fetch(new URL(`${path}/`, base), { redirect: 'manual' });
    expect(slashed.status, `${path}/`).toBe(301);
    expect(slashed.headers.get('location'), `${path}/`).toBe(path);
  }
  // A name the shop does not know: one redirect to the one form, then a plain 404.
  const unknown = `/player/${encodeURIComponent('Κανένας Γνωστός')}/Olympiacos`;
  expect((await fetch(new URL(unknown, base), { redirect: 'manual' })).status).toBe(404);
  expect((await fetch(new URL(`${unknown}/`, base), { redirect: 'manual' })).headers.get('location')).toBe(
    unknown,
  );
});

test('filtered singles pages are rendered on the server with their own title, and paginate with links', async () => {
  const celtics = pages.get('/singles?category=NBA&team=Boston+Celtics');
  expect(celtics?.title).toBe('NBA singles: Boston Celtics | CardVault');
  expect(celtics?.links.some((href) => href.startsWith('/product/'))).toBe(true);
  const all = pages.get('/singles');
  expect(all?.next).toMatch(/\/singles\?page=2$/);
  const second = pages.get('/singles?page=2');
  expect(second?.status).toBe(200);
  expect(second?.prev).toMatch(/\/singles$/);
  expect(second?.title).toBe('Singles, σελίδα 2 | CardVault');
  // The first HTML of page 2 holds other cards than page 1.
  const cards = (page?: CrawledPage) => page?.links.filter((href) => href.startsWith('/product/')) ?? [];
  expect(cards(second).length).toBeGreaterThan(0);
  expect(cards(second).filter((href) => cards(all).includes(href))).toEqual([]);
});

test('every product page carries complete Product data and breadcrumbs', () => {
  const productPages = [...pages.values()].filter((page) => page.url.startsWith('/product/'));
  expect(productPages.length).toBeGreaterThan(100);
  let branded = 0;
  for (const page of productPages) {
    expect(page.jsonLd, page.url).toHaveLength(1);
    const graph = page.jsonLd[0] as Graph;
    expect(graph['@context']).toBe('https://schema.org');
    const nodes = graph['@graph'] as ReadonlyArray<ProductLeaf | BreadcrumbList>;
    const product = nodes.find((node): node is ProductLeaf => node['@type'] === 'Product');
    const crumbs = nodes.find((node): node is BreadcrumbList => node['@type'] === 'BreadcrumbList');
    expect(product?.name, page.url).toBeTruthy();
    expect(pathOf(String(product?.url)), page.url).toBe(page.url);
    if (product?.brand) branded += 1;
    const offer = product?.offers as Offer | undefined;
    if (offer) {
      expect(offer, page.url).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'EUR',
        // The card's condition fact, on the Product and its Offer alike (decision 051).
        itemCondition: product?.itemCondition,
        seller: { '@type': 'Organization', name: 'CardVault' },
        shippingDetails: {
          '@type': 'OfferShippingDetails',
          shippingRate: { currency: 'EUR', value: '3.50' },
          shippingDestination: { addressCountry: 'GR' },
        },
        hasMerchantReturnPolicy: { '@type': 'MerchantReturnPolicy', merchantReturnDays: 14 },
      });
      expect(
        [
          'https://schema.org/NewCondition',
          'https://schema.org/UsedCondition',
          'https://schema.org/DamagedCondition',
        ],
        page.url,
      ).toContain(offer.itemCondition);
      expect(String(offer.priceValidUntil)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
    }
    const items = (crumbs?.itemListElement ?? []) as unknown as Array<{
      position: number;
      name: string;
      item: string;
    }>;
    expect(items.length, page.url).toBeGreaterThanOrEqual(3);
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    expect(pathOf(items.at(-1)?.item ?? ''), page.url).toBe(page.url);
  }
  // The demo cards name their maker (Panini, Topps) in the title.
  expect(branded).toBeGreaterThan(productPages.length / 2);
});

test('player pages with a card carry breadcrumbs', () => {
  const player = pages.get('/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks');
  const graph = player?.jsonLd[0] as { '@graph': Array<{ '@type': string }> } | undefined;
  const crumbs = graph?.['@graph'].find((node) => node['@type'] === 'BreadcrumbList') as
    | BreadcrumbList
    | undefined;
  const names = ((crumbs?.itemListElement ?? []) as unknown as Array<{ name: string }>).map(
    (item) => item.name,
  );
  expect(names).toEqual(['Αρχική', 'Singles', 'NBA singles', 'Milwaukee Bucks', 'Giannis Antetokounmpo']);
});
