import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type ProductListQuery } from '../../domain/admin/lists.ts';
import { PRODUCT_FORM_MESSAGES } from '../../domain/admin/product-form.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import {
  type AdminProduct,
  type AdminProductPage,
  deleteProduct,
  getProduct,
  listProducts,
} from '../../stores/admin-api.ts';
import { $productsVersion, editProduct, productDeleted } from '../../stores/admin-products.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** Why a list is read: each failure has its own message (spec section 8). */
export type Cause = 'load' | 'filter' | 'page' | 'pageSize';

function failureText(cause: Cause, message: string): string {
  if (cause === 'page') return 'Σφάλμα αλλαγής σελίδας';
  if (cause === 'pageSize') return 'Σφάλμα αλλαγής στοιχείων ανά σελίδα';
  if (cause === 'filter') return `Σφάλμα φιλτραρίσματος προϊόντων: ${message}`;
  return `Αποτυχία φόρτωσης προϊόντων: ${message}`;
}

/**
 * The product list's state: the query (searched, sorted and paged on the server), the page shown,
 * and deletes. Reads again when the form saves ($productsVersion); typing waits 300 ms.
 */
export function useProductList(sport: Sport) {
  const version = useStore($productsVersion);
  const [query, setQuery] = useState<ProductListQuery>({
    sport,
    search: '',
    sort: 'newest',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [searchText, setSearchText] = useState('');
  const [shown, setShown] = useState<AdminProductPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  // The last query asked for, read by handlers without waiting for a render.
  const current = useRef(query);
  const latest = useRef(0);

  const load = useCallback(async (next: ProductListQuery, cause: Cause) => {
    const settle = (settled: ProductListQuery) => {
      current.current = settled;
      setQuery(settled);
    };
    const ticket = ++latest.current;
    const previous = current.current;
    settle(next);
    setLoading(true);
    const result = await listProducts(next);
    if (ticket !== latest.current) return; // A newer request answers instead.
    setLoading(false);
    if (result.ok) {
      // The server keeps the page inside the range (after a delete emptied the last page).
      settle({ ...next, page: result.data.page });
      setShown(result.data);
      setError('');
      return;
    }
    // Page and page-size controls go back to what the list still shows.
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

  async function remove(product: AdminProduct) {
    if (!window.confirm(PRODUCT_FORM_MESSAGES.confirmDelete)) return;
    setDeleting(product.id);
    setError('');
    const result = await deleteProduct(product.id);
    setDeleting(null);
    if (!result.ok) {
      setError(`Σφάλμα διαγραφής προϊόντος: ${result.error.message}`);
      return;
    }
    productDeleted(result.data.message, product);
    void load(current.current, 'load');
  }

  /** Opens a product in the form as the server has it now: the list's copy may be older. */
  async function edit(product: AdminProduct) {
    setError('');
    const result = await getProduct(product.id);
    if (result.ok) editProduct(result.data.product);
    else setError(`Σφάλμα επεξεργασίας προϊόντος: ${result.error.message}`);
  }

  /** Reads with a change to the last query asked for. */
  const change = (patch: Partial<ProductListQuery>, cause: Cause) =>
    void load({ ...current.current, ...patch }, cause);

  return { query, searchText, setSearchText, shown, loading, error, deleting, change, remove, edit };
}
