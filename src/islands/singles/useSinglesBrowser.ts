import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { CardView } from '../../domain/catalog/card-view.ts';
import {
  changeFilter,
  filtersFromQuery,
  filtersToQuery,
  type SinglesFilters,
} from '../../domain/catalog/singles-filters.ts';
import { fullTitle } from '../../domain/seo/page-title.ts';
import { singlesSeo } from '../../domain/seo/singles-seo.ts';
import { callApi } from '../../stores/api.ts';

export type SinglesPage = { products: CardView[]; total: number; page: number; pageCount: number };
export type LoadState = 'ready' | 'loading' | 'error';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The singles browser's state. The URL is the state: the server rendered this one, a change pushes
 * a history entry and reads the page from /api/products, back and forward read the URL again.
 */
export function useSinglesBrowser(
  initialFilters: SinglesFilters,
  initial: SinglesPage,
  initialError?: string,
) {
  const [filters, setFilters] = useState<SinglesFilters>(initialFilters);
  const [searchText, setSearchText] = useState(initialFilters.search);
  const [page, setPage] = useState<SinglesPage>(initial);
  const [state, setState] = useState<LoadState>(initialError ? 'error' : 'ready');
  const [error, setError] = useState(initialError ? `Αποτυχία φόρτωσης προϊόντων: ${initialError}` : '');
  const first = useRef(true);
  const request = useRef<AbortController | null>(null);

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
    const result = await callApi<SinglesPage>('GET', `/api/products${filtersToQuery(wanted)}`);
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
    // A search dropped or replaced from elsewhere (a chip, «Καθαρισμός όλων», a browse link)
    // empties the box too, or its text would come back as a search 300 ms later.
    if (next.search !== filters.search) setSearchText(next.search);
    const url = `${window.location.pathname}${filtersToQuery(next)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', url);
  };

  const update = (field: keyof SinglesFilters, value: string | number) => {
    go(changeFilter(filters, field, value));
    if (field === 'page') window.scrollTo({ top: 0 });
  };

  // Typing waits 300 ms before it becomes a query.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => update('search', searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  return { filters, searchText, setSearchText, page, state, error, go, update };
}

/** A plain click on a pager or browse link filters in place; other clicks open the URL as usual. */
export function follow(event: MouseEvent<HTMLAnchorElement>, apply: () => void): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  apply();
}
