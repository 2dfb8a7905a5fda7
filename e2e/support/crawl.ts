import { Parser } from 'htmlparser2';

/** What a crawler reads from one page's HTML: its links and its search-engine tags. */
export type PageFacts = {
  links: string[];
  title: string | null;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  prev: string | null;
  next: string | null;
  jsonLd: unknown[];
};

/** Reads the plain `<a href>` links and the head's SEO tags, as a crawler that runs no script does. */
export function readPage(html: string): PageFacts {
  const facts: PageFacts = {
    links: [],
    title: null,
    description: null,
    robots: null,
    canonical: null,
    prev: null,
    next: null,
    jsonLd: [],
  };
  let inTitle = false;
  let title = '';
  let inJsonLd = false;
  let jsonLd = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a' && attributes.href !== undefined) facts.links.push(attributes.href);
        else if (name === 'title' && facts.title === null) inTitle = true;
        else if (name === 'meta' && attributes.name === 'description')
          facts.description = attributes.content ?? '';
        else if (name === 'meta' && attributes.name === 'robots') facts.robots = attributes.content ?? '';
        else if (name === 'link' && attributes.rel === 'canonical') facts.canonical = attributes.href ?? '';
        else if (name === 'link' && attributes.rel === 'prev') facts.prev = attributes.href ?? '';
        else if (name === 'link' && attributes.rel === 'next') facts.next = attributes.href ?? '';
        else if (name === 'script' && attributes.type === 'application/ld+json') inJsonLd = true;
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inJsonLd) jsonLd += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          facts.title = title.trim();
        }
        if (name === 'script' && inJsonLd) {
          inJsonLd = false;
          facts.jsonLd.push(JSON.parse(jsonLd));
          jsonLd = '';
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}

export type CrawledPage = PageFacts & {
  /** Path and query, as linked. */
  url: string;
  status: number;
  /** Where a redirect points (path and query), if it is one. */
  location: string | null;
  /** Clicks from the start page. */
  depth: number;
};

export type CrawlOptions = {
  base: string;
  start?: string;
  /** Paths a crawler must not fetch (robots.txt's Disallow lines). */
  disallow?: readonly string[];
  concurrency?: number;
  /** Stops a runaway crawl (a link generator gone wrong) instead of hanging the suite. */
  maxPages?: number;
};

/** The path and query of a same-site link, or null for other sites, fragments only, mailto: and so on. */
export function sameSiteTarget(href: string, from: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, new URL(from, base));
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * Breadth-first from the start page, following only `<a href>` (redirects are recorded, and
 * followed as a crawler would): every page is fetched once, with its depth in clicks.
 */
export async function crawl(options: CrawlOptions): Promise<Map<string, CrawledPage>> {
  const { base, start = '/', disallow = [], concurrency = 4, maxPages = 20_000 } = options;
  const pages = new Map<string, CrawledPage>();
  const queued = new Set<string>([start]);
  let frontier: Array<{ url: string; depth: number }> = [{ url: start, depth: 0 }];
  const allowed = (url: string) => !disallow.some((prefix) => url.startsWith(prefix));

  async function visit({ url, depth }: { url: string; depth: number }): Promise<string[]> {
    const response = await fetch(new URL(url, base), { redirect: 'manual' });
    const location = response.headers.get('location');
    const type = response.headers.get('content-type') ?? '';
    const html = type.includes('text/html') ? await response.text() : '';
    await response.body?.cancel().catch(() => {});
    const facts = html ? readPage(html) : { ...readPage(''), links: [] as string[] };
    const target = location ? sameSiteTarget(location, url, base) : null;
    pages.set(url, { ...facts, url, status: response.status, location: target ?? location, depth });
    const next = response.status >= 300 && response.status < 400 ? (target ? [target] : []) : facts.links;
    return next.map((href) => sameSiteTarget(href, url, base)).filter((link) => link !== null);
  }

  while (frontier.length > 0) {
    const following: Array<{ url: string; depth: number }> = [];
    for (let index = 0; index < frontier.length; index += concurrency) {
      const batch = frontier.slice(index, index + concurrency);
      const found = await Promise.all(batch.map(visit));
      for (const [position, links] of found.entries()) {
        const depth = (batch[position]?.depth ?? 0) + 1;
        for (const link of links) {
          if (queued.has(link) || !allowed(link)) continue;
          queued.add(link);
          following.push({ url: link, depth });
        }
      }
      if (pages.size > maxPages)
        throw new Error(`The crawl passed ${maxPages} pages: a link generator runs away.`);
    }
    frontier = following;
  }
  return pages;
}

/** Whether a page asks search engines to leave it out. */
export const isNoindex = (page: Pick<PageFacts, 'robots'>) => /\bnoindex\b/i.test(page.robots ?? '');
