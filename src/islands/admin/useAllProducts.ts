import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type AllProductsQuery, FIRST_ALL_PRODUCTS_QUERY } from '../../domain/admin/all-products.ts';
import type { BulkAction, BulkAnswer } from '../../domain/admin/bulk-actions.ts';
import {
  type AdminListPage,
  type AdminListProduct,
  bulkProducts,
  getProduct,
  listAllProducts,
} from '../../stores/admin-api.ts';
import { $editing, $productsVersion, cancelEdit, editProduct } from '../../stores/admin-products.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** Why the list is read: each failure has its own message, as in the list by sport. */
export type Cause = 'load' | 'filter' | 'page' | 'pageSize';

function failureText(cause: Cause, message: string): string {
  if (cause === 'page') return 'Σφάλμα αλλαγής σελίδας';
  if (cause === 'pageSize') return 'Σφάλμα αλλαγής στοιχείων ανά σελίδα';
  if (cause === 'filter') return `Σφάλμα φιλτραρίσματος προϊόντων: ${message}`;
  return `Αποτυχία φόρτωσης προϊόντων: ${message}`;
}

/** The last bulk action's outcome: the server's summary and the products it could not change. */
export type BulkOutcome = { message: string; failed: BulkAnswer['failed']; error: boolean };

/**
 * The list of every product: its query (filtered, searched, sorted and paged on the server), the
 * page shown, the selection on that page and the bulk actions on it. A new query clears the
 * selection, so an action never reaches products the owner no longer sees.
 */
export function useAllProducts() {
  const version = useStore($productsVersion);
  const [query, setQuery] = useState<AllProductsQuery>(FIRST_ALL_PRODUCTS_QUERY);
  const [searchText, setSearchText] = useState('');
  const [shown, setShown] = useState<AdminListPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState<BulkAction['action'] | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const current = useRef(query);
  const latest = useRef(0);

  const load = useCallback(async (next: AllProductsQuery, cause: Cause) => {
    const settle = (settled: AllProductsQuery) => {
      current.current = settled;
      setQuery(settled);
    };
    const ticket = ++latest.current;
    const previous = current.current;
    settle(next);
    setLoading(true);
    const result = await listAllProducts(next);
    if (ticket !== latest.current) return; // A newer request answers instead.
    setLoading(false);
    if (result.ok) {
      settle({ ...next, page: result.data.page });
      setShown(result.data);
      setSelected(new Set());
      setError('');
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
  const change = (patch: Partial<AllProductsQuery>, cause: Cause) =>
    void load({ ...current.current, ...patch }, cause);

  const products = shown?.products ?? [];

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  /** Selects every product of the page, or none when all of them are selected already. */
  function toggleAll() {
    const all = products.length > 0 && products.every((product) => selected.has(product.id));
    setSelected(all ? new Set() : new Set(products.map((product) => product.id)));
  }

  const clearSelection = () => setSelected(new Set());

  /** Runs an action on the selection, then reads the page again (the selection goes with it). */
  async function run(action: BulkAction) {
    const ids = products.filter((product) => selected.has(product.id)).map((product) => product.id);
    if (ids.length === 0) return;
    setRunning(action.action);
    setOutcome(null);
    const result = await bulkProducts({ ...action, ids });
    setRunning(null);
    if (!result.ok) {
      setOutcome({ message: `Η μαζική ενέργεια απέτυχε: ${result.error.message}`, failed: [], error: true });
      return;
    }
    setOutcome({ message: result.data.message, failed: result.data.failed, error: false });
    // The form lets go of a product the action changed: its fields would save the old values.
    const open = $editing.get();
    if (open && ids.includes(open.id)) cancelEdit();
    await load(current.current, 'load');
  }

  /** Opens a product in the form as the server has it now: the list's copy may be older. */
  async function edit(product: AdminListProduct) {
    setError('');
    const result = await getProduct(product.id);
    if (result.ok) editProduct(result.data.product);
    else setError(`Σφάλμα επεξεργασίας προϊόντος: ${result.error.message}`);
  }

  return {
    query,
    searchText,
    setSearchText,
    shown,
    products,
    loading,
    error,
    change,
    selected,
    toggle,
    toggleAll,
    clearSelection,
    running,
    outcome,
    run,
    edit,
  };
}
export type AllProductsState = ReturnType<typeof useAllProducts>;
