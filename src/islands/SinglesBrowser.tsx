import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../domain/auth/login-messages.ts';
import type { CardView } from '../domain/catalog/card-view.ts';
import { isPriceRangeInput } from '../domain/catalog/price-input.ts';
import { productPath } from '../domain/catalog/product-id.ts';
import {
  changeFilter,
  EMPTY_FILTERS,
  type FilterOptions,
  filtersFromQuery,
  filtersToQuery,
  type SinglesFilters,
} from '../domain/catalog/singles-filters.ts';
import { playerHref } from '../domain/catalog/singles-menu.ts';
import { fullTitle } from '../domain/seo/page-title.ts';
import { singlesHeading, singlesHref, singlesSeo } from '../domain/seo/singles-seo.ts';
import { formatEuro } from '../domain/text/money.ts';
import { callApi } from '../stores/api.ts';
import SinglesFactFilters from './SinglesFactFilters.tsx';
import CardBadges from './ui/CardBadges.tsx';
import CardPicture from './ui/CardPicture.tsx';

type Page = { products: CardView[]; total: number; page: number; pageCount: number };
type Props = {
  /** The filters of the URL the server rendered, and what it found for them (or why it could not). */
  initialFilters: SinglesFilters;
  initial: Page;
  initialError?: string | undefined;
  options: FilterOptions;
};

const SEARCH_DEBOUNCE_MS = 300;
const SORTS = [
  { value: 'newest', label: 'Νεότερα' },
  { value: 'oldest', label: 'Παλαιότερα' },
  { value: 'name', label: 'Όνομα (Α-Ω)' },
  { value: 'price-asc', label: 'Τιμή: χαμηλή προς υψηλή' },
  { value: 'price-desc', label: 'Τιμή: υψηλή προς χαμηλή' },
];

/**
 * /singles: filters in the URL, query on the server, 25 cards a page. The server renders the page
 * for its URL (cards, pager links, sport and team links), so it works without script; once
 * hydrated, filter changes and page links fetch from /api/products without a reload.
 */
export default function SinglesBrowser({ initialFilters, initial, initialError, options }: Props) {
  const [filters, setFilters] = useState<SinglesFilters>(initialFilters);
  const [searchText, setSearchText] = useState(initialFilters.search);
  const [page, setPage] = useState<Page>(initial);
  const [state, setState] = useState<'ready' | 'loading' | 'error'>(initialError ? 'error' : 'ready');
  const [error, setError] = useState(initialError ? `Αποτυχία φόρτωσης προϊόντων: ${initialError}` : '');
  const [panelOpen, setPanelOpen] = useState(false);
  const first = useRef(true);
  const request = useRef<AbortController | null>(null);

  // The URL is the state: the server rendered this one; back and forward read it again.
  useEffect(() => {
    const read = () => {
      const fromUrl = filtersFromQuery(window.location.search);
      setFilters(fromUrl);
      setSearchText(fromUrl.search);
    };
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  const load = useCallback(async (wanted: SinglesFilters) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState('loading');
    const result = await callApi<Page>('GET', `/api/products${filtersToQuery(wanted)}`);
    if (controller.signal.aborted) return;
    if (result.ok) {
      setPage(result.data);
      setState('ready');
    } else {
      setError(`Αποτυχία φόρτωσης προϊόντων: ${result.error.message}`);
      setState('error');
    }
  }, []);

  useEffect(() => {
    // The server already rendered the URL's page.
    if (first.current) {
      first.current = false;
      return;
    }
    void load(filters);
  }, [filters, load]);

  // The tab's title follows the filters, as a reload of the same URL would show it.
  useEffect(() => {
    if (state === 'ready') document.title = fullTitle(singlesSeo(filters, page).title);
  }, [filters, page, state]);

  /** Shows another filter state: in the URL (a history entry), then from the server. */
  const go = (next: SinglesFilters) => {
    setFilters(next);
    const url = `${window.location.pathname}${filtersToQuery(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', url);
  };

  const update = (field: keyof SinglesFilters, value: string | number) => {
    go(changeFilter(filters, field, value));
    if (field === 'page') window.scrollTo({ top: 0 });
  };

  /** A plain click on a pager or browse link filters in place; other clicks open the URL as usual. */
  const follow = (event: MouseEvent<HTMLAnchorElement>, apply: () => void) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    apply();
  };

  // Typing waits 300 ms before it becomes a query.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => update('search', searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const sport = options.find((option) => option.sport === filters.category);
  const team = sport?.teams.find((candidate) => candidate.name === filters.team);
  const field =
    'min-h-11 w-full rounded-md border border-line bg-paper px-3 disabled:bg-mist disabled:text-muted';

  return (
    <>
      <h1 className="mb-6 text-2xl font-extrabold tracking-tight sm:text-3xl">{singlesHeading(filters)}</h1>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <div>
          <button
            type="button"
            className="mb-3 flex min-h-11 w-full items-center justify-between rounded-md border border-line px-3 font-semibold noscript:hidden lg:hidden"
            aria-expanded={panelOpen}
            aria-controls="singles-filters"
            onClick={() => setPanelOpen(!panelOpen)}
          >
            Φίλτρα <span aria-hidden="true">{panelOpen ? '▴' : '▾'}</span>
          </button>
          {/* A real GET form: without script its button sends it; with script every change applies at once. */}
          <form
            id="singles-filters"
            action="/singles"
            method="get"
            aria-labelledby="singles-filters-heading"
            className={`${panelOpen ? 'grid' : 'hidden'} gap-3 noscript:grid lg:grid`}
            onSubmit={(event) => {
              event.preventDefault();
              if (searchText !== filters.search) update('search', searchText);
            }}
          >
            <h2 id="singles-filters-heading" className="sr-only">
              Φίλτρα
            </h2>
            <label className="grid gap-1 text-sm font-semibold">
              Αναζήτηση
              <input
                type="search"
                name="search"
                className={field}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder="Τίτλος, ομάδα, περιγραφή"
              />
            </label>
            <label className="grid gap-1 text-sm font-semibold">
              Άθλημα
              <select
                name="category"
                className={field}
                value={filters.category}
                onChange={(event) => update('category', event.target.value)}
              >
                <option value="">All sports</option>
                {options.map((option) => (
                  <option key={option.sport} value={option.sport}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-semibold">
              Ομάδα
              <select
                name="team"
                className={field}
                value={filters.team}
                disabled={!sport}
                onChange={(event) => update('team', event.target.value)}
              >
                <option value="">Όλες οι ομάδες</option>
                {sport?.teams.map((option) => (
                  <option key={option.name} value={option.name}>
                    {option.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-semibold">
              Παίκτης
              <select
                name="player"
                className={field}
                value={filters.player}
                disabled={!team}
                onChange={(event) => update('player', event.target.value)}
              >
                <option value="">Όλοι οι παίκτες</option>
                {team?.players.map((player) => (
                  <option key={player} value={player}>
                    {player}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="grid grid-cols-2 gap-2">
              <legend className="mb-1 text-sm font-semibold">Τιμή (EUR)</legend>
              {(['min', 'max'] as const).map((bound) => (
                <label key={bound} className="grid gap-1 text-xs">
                  {bound === 'min' ? 'Από' : 'Έως'}
                  <input
                    name={bound}
                    inputMode="decimal"
                    className={field}
                    value={filters[bound]}
                    onChange={(event) => {
                      if (isPriceRangeInput(event.target.value)) update(bound, event.target.value);
                    }}
                  />
                </label>
              ))}
            </fieldset>
            <SinglesFactFilters filters={filters} update={update} fieldClass={field} />
            <label className="grid gap-1 text-sm font-semibold">
              Ταξινόμηση
              <select
                name="sort"
                className={field}
                value={filters.sort}
                onChange={(event) => update('sort', event.target.value)}
              >
                {SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </label>
            {/* Shown without script; with script only to keyboard users, who reach it with Tab. */}
            <button
              type="submit"
              className="sr-only min-h-11 rounded-full bg-ink px-4 font-semibold text-paper focus:not-sr-only noscript:not-sr-only"
            >
              Εφαρμογή φίλτρων
            </button>
          </form>
        </div>

        <section aria-label="Κάρτες" aria-busy={state === 'loading'}>
          <h2 className="sr-only">Κάρτες</h2>
          <p className="mb-3 text-sm text-muted" aria-live="polite" data-testid="singles-total">
            {state === 'loading' ? MESSAGES.loading : `${page.total} κάρτες`}
          </p>
          {state === 'error' && (
            <p role="alert" className="mb-3 text-danger">
              {error}
            </p>
          )}
          {page.products.length === 0 && state === 'ready' ? (
            <p>{MESSAGES.noProductsFound}</p>
          ) : (
            <ul
              className={`grid grid-cols-3 gap-2 sm:gap-3 xl:grid-cols-5 ${state === 'loading' ? 'opacity-60' : ''}`}
              data-testid="singles-grid"
            >
              {page.products.map((card, index) => (
                <li key={card.id}>
                  <SingleCard card={card} eager={index < 5} />
                </li>
              ))}
            </ul>
          )}
          {page.pageCount > 1 && (
            <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Σελίδες">
              <PageLink
                rel="prev"
                href={page.page > 1 ? singlesHref(filters, page.page - 1) : null}
                onClick={(event) => follow(event, () => update('page', page.page - 1))}
              >
                Προηγούμενη
              </PageLink>
              <span className="text-sm">
                Σελίδα {page.page} από {page.pageCount}
              </span>
              <PageLink
                rel="next"
                href={page.page < page.pageCount ? singlesHref(filters, page.page + 1) : null}
                onClick={(event) => follow(event, () => update('page', page.page + 1))}
              >
                Επόμενη
              </PageLink>
            </nav>
          )}
          <BrowseLinks filters={filters} options={options} follow={follow} go={go} />
        </section>
      </div>
    </>
  );
}

const PILL = 'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold';

/** A pager link; at either end it stays in place, marked disabled, with nowhere to go. */
function PageLink({
  href,
  rel,
  onClick,
  children,
}: {
  href: string | null;
  rel: 'prev' | 'next';
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  if (href === null)
    return (
      // biome-ignore lint/a11y/useValidAnchor: a pager end keeps its place and says it is disabled.
      <a role="link" aria-disabled="true" className={`${PILL} border-line text-muted`}>
        {children}
      </a>
    );
  return (
    <a href={href} rel={rel} className={`${PILL} border-ink hover:bg-mist`} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * Plain links into the catalogue, for shoppers and for crawlers that run no script: the sports
 * from the whole listing, the teams of the chosen sport.
 */
function BrowseLinks({
  filters,
  options,
  follow,
  go,
}: {
  filters: SinglesFilters;
  options: FilterOptions;
  follow: (event: MouseEvent<HTMLAnchorElement>, apply: () => void) => void;
  go: (next: SinglesFilters) => void;
}) {
  const sport = options.find((option) => option.sport === filters.category);
  const team = filters.team ? sport?.teams.find((candidate) => candidate.name === filters.team) : undefined;
  if (filters.team && !team) return null;
  // A team's players open their own pages; a sport's teams and the sports filter in place.
  const links = team
    ? team.players.map((player) => ({ label: player, href: playerHref(player, team.name), apply: null }))
    : (sport
        ? sport.teams.map((option) => ({
            label: option.name,
            filters: { ...EMPTY_FILTERS, category: sport.sport, team: option.name },
          }))
        : options.map((option) => ({
            label: option.sport,
            filters: { ...EMPTY_FILTERS, category: option.sport },
          }))
      ).map((target) => ({
        label: target.label,
        href: singlesHref(target.filters, 1),
        apply: () => go(target.filters),
      }));
  if (links.length === 0) return null;
  const heading = team ? `Παίκτες ${team.name}` : sport ? `Ομάδες ${sport.sport}` : 'Αθλήματα';
  return (
    <nav aria-labelledby="singles-browse" className="mt-10 border-t border-line pt-6">
      <h2 id="singles-browse" className="mb-3 text-lg font-bold">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm hover:bg-mist"
              onClick={(event) => {
                if (link.apply) follow(event, link.apply);
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SingleCard({ card, eager }: { card: CardView; eager: boolean }) {
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-paper shadow-card"
      data-testid="single-card"
    >
      <CardPicture card={card} eager={eager} />
      <div className="flex grow flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold">
          <a
            href={productPath({ id: card.productId, variantId: card.id })}
            className="after:absolute after:inset-0"
          >
            {card.title}
          </a>
        </h3>
        {card.tags.length > 0 && <p className="truncate text-xs text-muted">{card.tags.join(', ')}</p>}
        <CardBadges badges={card.badges} />
        <p className="mt-auto font-bold tabular-nums">
          {card.priceCents === null ? MESSAGES.noPrice : formatEuro(card.priceCents)}
        </p>
      </div>
    </article>
  );
}
