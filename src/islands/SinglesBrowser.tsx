import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardView } from '../domain/card-view.ts';
import { MESSAGES } from '../domain/messages.ts';
import { formatEuro } from '../domain/money.ts';
import { isPriceRangeInput } from '../domain/price-input.ts';
import { productPath } from '../domain/product-id.ts';
import {
  changeFilter,
  EMPTY_FILTERS,
  type FilterOptions,
  filtersFromQuery,
  filtersToQuery,
  type SinglesFilters,
} from '../domain/singles-filters.ts';
import { callApi } from '../stores/api.ts';
import CardPicture from './ui/CardPicture.tsx';

type Page = { products: CardView[]; total: number; page: number; pageCount: number };
type Props = { initial: Page; options: FilterOptions };

const SEARCH_DEBOUNCE_MS = 300;
const SORTS = [
  { value: 'newest', label: 'Νεότερα' },
  { value: 'oldest', label: 'Παλαιότερα' },
  { value: 'name', label: 'Όνομα (Α-Ω)' },
  { value: 'price-asc', label: 'Τιμή: χαμηλή προς υψηλή' },
  { value: 'price-desc', label: 'Τιμή: υψηλή προς χαμηλή' },
];

/** /singles: filters in the URL, query on the server, 25 cards a page. */
export default function SinglesBrowser({ initial, options }: Props) {
  const [filters, setFilters] = useState<SinglesFilters>(EMPTY_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState<Page>(initial);
  const [state, setState] = useState<'ready' | 'loading' | 'error'>('ready');
  const [error, setError] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const first = useRef(true);
  const request = useRef<AbortController | null>(null);

  // The URL is the state: read it on load and on back/forward.
  useEffect(() => {
    const read = () => {
      const fromUrl = filtersFromQuery(window.location.search);
      setFilters(fromUrl);
      setSearchText(fromUrl.search);
    };
    read();
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
    // The pre-rendered first page is already the unfiltered newest page.
    if (first.current && filtersToQuery(filters) === '') {
      first.current = false;
      return;
    }
    first.current = false;
    void load(filters);
  }, [filters, load]);

  const update = (field: keyof SinglesFilters, value: string | number) => {
    const next = changeFilter(filters, field, value);
    setFilters(next);
    const url = `${window.location.pathname}${filtersToQuery(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', url);
    if (field === 'page') window.scrollTo({ top: 0 });
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
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <div>
        <button
          type="button"
          className="mb-3 flex min-h-11 w-full items-center justify-between rounded-md border border-line px-3 font-semibold lg:hidden"
          aria-expanded={panelOpen}
          aria-controls="singles-filters"
          onClick={() => setPanelOpen(!panelOpen)}
        >
          Φίλτρα <span aria-hidden="true">{panelOpen ? '▴' : '▾'}</span>
        </button>
        <form
          id="singles-filters"
          className={`${panelOpen ? 'grid' : 'hidden'} gap-3 lg:grid`}
          onSubmit={(event) => event.preventDefault()}
        >
          <label className="grid gap-1 text-sm font-semibold">
            Αναζήτηση
            <input
              type="search"
              className={field}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Τίτλος, ομάδα, περιγραφή"
            />
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            Άθλημα
            <select
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
          <label className="grid gap-1 text-sm font-semibold">
            Ταξινόμηση
            <select
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
        </form>
      </div>

      <section aria-label="Κάρτες" aria-busy={state === 'loading'}>
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
            <button
              type="button"
              className="min-h-11 rounded-full border border-ink px-4 font-semibold disabled:opacity-40"
              disabled={page.page <= 1}
              onClick={() => update('page', page.page - 1)}
            >
              Προηγούμενη
            </button>
            <span className="text-sm">
              Σελίδα {page.page} από {page.pageCount}
            </span>
            <button
              type="button"
              className="min-h-11 rounded-full border border-ink px-4 font-semibold disabled:opacity-40"
              disabled={page.page >= page.pageCount}
              onClick={() => update('page', page.page + 1)}
            >
              Επόμενη
            </button>
          </nav>
        )}
      </section>
    </div>
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
        <p className="mt-auto font-bold tabular-nums">
          {card.priceCents === null ? MESSAGES.noPrice : formatEuro(card.priceCents)}
        </p>
      </div>
    </article>
  );
}
