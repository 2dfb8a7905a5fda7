import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  hasNext,
  hasPrevious,
  isListSort,
  isPageSize,
  LIST_PAGE_SIZES,
  LIST_SORTS,
  type ProductListQuery,
  rangeText,
} from '../../domain/admin/lists.ts';
import { PRODUCT_FORM_MESSAGES } from '../../domain/admin/product-form.ts';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import { formatEuro } from '../../domain/text/money.ts';
import {
  type AdminProduct,
  type AdminProductPage,
  deleteProduct,
  listProducts,
} from '../../stores/admin-api.ts';

const SEARCH_DEBOUNCE_MS = 300;
const PLACEHOLDER = '/images/placeholder-card.svg';

/** Why a list is read: each failure has its own message (spec section 8). */
type Cause = 'load' | 'filter' | 'page' | 'pageSize';

function failureText(cause: Cause, message: string): string {
  if (cause === 'page') return 'Σφάλμα αλλαγής σελίδας';
  if (cause === 'pageSize') return 'Σφάλμα αλλαγής στοιχείων ανά σελίδα';
  return `Αποτυχία φόρτωσης προϊόντων: ${message}`;
}

type Props = {
  sport: Sport;
  /** Bumped by the dashboard after the form saves, to read the current page again. */
  reloadKey: number;
  onEdit: (product: AdminProduct) => void;
  onDeleted: (message: string, product: AdminProduct) => void;
};

const control = 'min-h-11 w-full min-w-0 rounded-md border border-line bg-paper px-3 font-normal';
const smallButton = 'min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-50';
const editButton = `${smallButton} border-line hover:bg-mist`;
const deleteButton = `${smallButton} border-danger text-danger hover:bg-mist`;
const pagerButton =
  'min-h-11 rounded-full border border-line px-4 font-semibold hover:bg-mist disabled:opacity-50';

/**
 * (a) The picked sport's products (spec section 2): searched, sorted and paged on the server; a table
 * from md up and cards on phones. Filter, sort or page-size changes go back to page 1.
 */
export default function ProductList({ sport, reloadKey, onEdit, onDeleted }: Props) {
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
    const ticket = ++latest.current;
    const previous = current.current;
    current.current = next;
    setQuery(next);
    setLoading(true);
    const result = await listProducts(next);
    if (ticket !== latest.current) return; // A newer request answers instead.
    setLoading(false);
    if (result.ok) {
      // The server keeps the page inside the range (after a delete emptied the last page).
      const settled = { ...next, page: result.data.page };
      current.current = settled;
      setQuery(settled);
      setShown(result.data);
      setError('');
      return;
    }
    // Page and page-size controls go back to what the list still shows.
    if (cause === 'page' || cause === 'pageSize') {
      current.current = previous;
      setQuery(previous);
    }
    setError(failureText(cause, result.error.message));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloadKey` only asks for a fresh read.
  useEffect(() => {
    void load(current.current, 'load');
  }, [reloadKey, load]);

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
    onDeleted(result.data.message, product);
    void load(current.current, 'load');
  }

  const products = shown?.products ?? [];
  const page = shown?.page ?? 1;
  const pageCount = shown?.pageCount ?? 1;
  const actions = (product: AdminProduct) => (
    <>
      <button
        type="button"
        onClick={() => onEdit({ ...product })}
        aria-label={`Επεξεργασία: ${product.title}`}
        className={editButton}
      >
        Επεξεργασία
      </button>
      <button
        type="button"
        onClick={() => void remove(product)}
        disabled={deleting === product.id}
        aria-label={`Διαγραφή: ${product.title}`}
        className={deleteButton}
      >
        {deleting === product.id ? 'Διαγραφή...' : 'Διαγραφή'}
      </button>
    </>
  );

  return (
    <section aria-labelledby="product-list-heading" className="grid gap-4">
      <h3 id="product-list-heading" className="text-lg font-bold">
        Λίστα προϊόντων
      </h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_auto_auto]">
        <label className="col-span-2 grid gap-1 text-sm font-semibold sm:col-span-1">
          Αναζήτηση (τίτλος ή ομάδα)
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            maxLength={100}
            className={control}
          />
        </label>
        <label className="grid min-w-0 gap-1 text-sm font-semibold">
          Ταξινόμηση
          <select
            value={query.sort}
            onChange={(event) => {
              const sort = event.target.value;
              if (isListSort(sort)) void load({ ...current.current, sort, page: 1 }, 'filter');
            }}
            className={control}
          >
            {LIST_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-0 gap-1 text-sm font-semibold">
          Ανά σελίδα
          <select
            value={query.pageSize}
            onChange={(event) => {
              const pageSize = Number(event.target.value);
              if (isPageSize(pageSize)) void load({ ...current.current, pageSize, page: 1 }, 'pageSize');
            }}
            className={control}
          >
            {LIST_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>

      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      {!shown && loading && <p className="text-muted">{MESSAGES.loading}</p>}
      {shown && shown.total === 0 && <p className="text-muted">{MESSAGES.noProductsFound}</p>}

      {products.length > 0 && (
        <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <table className="hidden w-full text-left text-sm md:table">
            <caption className="sr-only">Προϊόντα {sport}</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Εικόνα
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Τίτλος
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Ομάδα
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Ποσότητα
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Τιμή
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Ενέργειες
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id} className="border-b border-line align-middle">
                  <td className="py-2 pr-3">
                    <Thumbnail product={product} />
                  </td>
                  <td className="py-2 pr-3 font-semibold">
                    <a href={productPath(product)} className="hover:underline">
                      {product.title}
                    </a>
                  </td>
                  <td className="py-2 pr-3">{product.team}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{quantityText(product)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
                    {priceText(product)}
                  </td>
                  <td className="py-2">
                    <div className="flex gap-2">{actions(product)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul aria-label={`Προϊόντα ${sport}`} className="grid gap-3 md:hidden">
            {products.map((product) => (
              <li
                key={product.id}
                data-testid="product-card"
                className="grid grid-cols-[4rem_1fr] gap-3 rounded-card border border-line p-3 shadow-card"
              >
                <Thumbnail product={product} />
                <div className="grid min-w-0 gap-1">
                  <a href={productPath(product)} className="font-semibold break-words hover:underline">
                    {product.title}
                  </a>
                  <p className="text-sm text-muted">{product.team}</p>
                  <p className="flex flex-wrap gap-x-4 text-sm">
                    <span>Ποσότητα: {quantityText(product)}</span>
                    <span className="font-semibold">{priceText(product)}</span>
                  </p>
                </div>
                <div className="col-span-2 grid grid-cols-2 gap-2">{actions(product)}</div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {shown && shown.total > 0 && (
        <nav aria-label="Σελίδες προϊόντων" className="grid gap-2 sm:flex sm:items-center sm:justify-between">
          <p data-testid="product-range" className="text-sm text-muted">
            {rangeText(shown.page, shown.pageSize, shown.total)}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <button
              type="button"
              className={pagerButton}
              disabled={!hasPrevious(page) || loading}
              onClick={() => void load({ ...current.current, page: page - 1 }, 'page')}
            >
              Προηγούμενη
            </button>
            <button
              type="button"
              className={pagerButton}
              disabled={!hasNext(page, pageCount) || loading}
              onClick={() => void load({ ...current.current, page: page + 1 }, 'page')}
            >
              Επόμενη
            </button>
          </div>
        </nav>
      )}
    </section>
  );
}

const quantityText = (product: AdminProduct) => (product.quantity === null ? '—' : String(product.quantity));
const priceText = (product: AdminProduct) =>
  product.priceCents === null ? MESSAGES.noPrice : formatEuro(product.priceCents);

/** The image links to the product page too; out of the tab order, as the title link next to it goes there. */
function Thumbnail({ product }: { product: AdminProduct }) {
  const [failed, setFailed] = useState(false);
  const url = product.images[0]?.url;
  return (
    <a href={productPath(product)} tabIndex={-1} className="block w-16 md:w-12">
      <img
        src={!failed && url ? url : PLACEHOLDER}
        alt={product.title}
        width={48}
        height={67}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-[5/7] w-full rounded-sm bg-mist object-cover"
      />
    </a>
  );
}
