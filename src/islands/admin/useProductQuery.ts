import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $productsVersion } from '../../stores/admin-products.ts';
import type { ApiResult } from '../../stores/api.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** Why a list is read: each failure has its own message (spec section 8). */
export type Cause = 'load' | 'filter' | 'page' | 'pageSize';

function failureText(cause: Cause, message: string): string {
  if (cause === 'page') return 'Σφάλμα αλλαγής σελίδας';
  if (cause === 'pageSize') return 'Σφάλμα αλλαγής στοιχείων ανά σελίδα';
  if (cause === 'filter') return `Σφάλμα φιλτραρίσματος προϊόντων: ${message}`;
  return `Αποτυχία φόρτωσης προϊόντων: ${message}`;
}

type Query = { search: string; page: number };

/**
 * A product list's query and the page the server answered (the list by sport and the list of
 * every product): searched, filtered, sorted and paged on the server, typing waits 300 ms, a
 * newer request wins over an older answer, and the list reads again when the form saves
 * ($productsVersion). A failed page or page-size change goes back to what the list still shows.
 */
export function useProductQuery<Q extends Query, P extends { page: number }>(
  first: Q,
  read: (query: Q) => Promise<ApiResult<P>>,
  onLoaded: () => void = () => {},
) {
  const version = useStore($productsVersion);
  const [query, setQuery] = useState<Q>(first);
  const [searchText, setSearchText] = useState(first.search);
  const [shown, setShown] = useState<P | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  // The last query asked for, read by handlers without waiting for a render.
  const current = useRef(query);
  const latest = useRef(0);
  // The caller's functions as of its last render, without making `load` change with them.
  const calls = useRef({ read, onLoaded });
  calls.current = { read, onLoaded };

  const load = useCallback(async (next: Q, cause: Cause) => {
    const settle = (settled: Q) => {
      current.current = settled;
      setQuery(settled);
    };
    const ticket = ++latest.current;
    const previous = current.current;
    settle(next);
    setLoading(true);
    const result = await calls.current.read(next);
    if (ticket !== latest.current) return; // A newer request answers instead.
    setLoading(false);
    if (result.ok) {
      // The server keeps the page inside the range (after a delete emptied the last page).
      settle({ ...next, page: result.data.page });
      setShown(result.data);
      setError('');
      calls.current.onLoaded();
      return;
    }
    if (cause === 'page' || cause === 'pageSize') settle(previous);
    setError(failureText(cause, result.error.message));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` only asks for a fresh read.
  useEffect(() => {
    void load(current.current, 'load');
  }, [version, load]);

  useEffect(() => {
    if (searchText.trim() === current.current.search.trim()) return;
    const timer = setTimeout(
      () => void load({ ...current.current, search: searchText, page: 1 }, 'filter'),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, load]);

  /** Reads with a change to the last query asked for. */
  const change = (patch: Partial<Q>, cause: Cause) => void load({ ...current.current, ...patch }, cause);
  /** Reads the last query asked for again (after a delete or a bulk action). */
  const reload = () => load(current.current, 'load');

  return { query, searchText, setSearchText, shown, loading, error, setError, change, reload };
}
