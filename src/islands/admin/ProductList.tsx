import {
  hasNext,
  hasPrevious,
  isListSort,
  isPageSize,
  LIST_PAGE_SIZES,
  LIST_SORTS,
  rangeText,
} from '../../domain/admin/lists.ts';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import type { AdminProductPage } from '../../stores/admin-api.ts';
import ProductRows from './ProductRows.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { pagerButton } from './ui/styles.ts';
import { useProductList } from './useProductList.ts';
import type { Cause } from './useProductQuery.ts';

const control = 'min-h-11 w-full min-w-0 rounded-md border border-line bg-paper px-3 font-normal';

/**
 * (a) The picked sport's products (spec section 2): searched, sorted and paged on the server; a table
 * from md up and cards on phones. Filter, sort or page-size changes go back to page 1.
 */
export default function ProductList({ sport }: { sport: Sport }) {
  const list = useProductList(sport);
  const { shown, loading } = list;

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
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            maxLength={100}
            className={control}
          />
        </label>
        <label className="grid min-w-0 gap-1 text-sm font-semibold">
          Ταξινόμηση
          <select
            value={list.query.sort}
            onChange={(event) => {
              const sort = event.target.value;
              if (isListSort(sort)) list.change({ sort, page: 1 }, 'filter');
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
            value={list.query.pageSize}
            onChange={(event) => {
              const pageSize = Number(event.target.value);
              if (isPageSize(pageSize)) list.change({ pageSize, page: 1 }, 'pageSize');
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

      <ErrorAlert message={list.error} />
      {!shown && loading && <p className="text-muted">{MESSAGES.loading}</p>}
      {shown && shown.total === 0 && <p className="text-muted">{MESSAGES.noProductsFound}</p>}
      {shown && shown.products.length > 0 && (
        <ProductRows
          sport={sport}
          products={shown.products}
          waiting={shown.waiting ?? {}}
          loading={loading}
          deleting={list.deleting}
          onRemove={(product) => void list.remove(product)}
          onEdit={(product) => void list.edit(product)}
        />
      )}
      {shown && shown.total > 0 && <Pager shown={shown} loading={loading} change={list.change} />}
    </section>
  );
}

type PagerProps = {
  shown: AdminProductPage;
  loading: boolean;
  change: (patch: { page: number }, cause: Cause) => void;
};

function Pager({ shown, loading, change }: PagerProps) {
  const { page, pageCount } = shown;
  return (
    <nav aria-label="Σελίδες προϊόντων" className="grid gap-2 sm:flex sm:items-center sm:justify-between">
      <p data-testid="product-range" className="text-sm text-muted">
        {rangeText(shown.page, shown.pageSize, shown.total)}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <button
          type="button"
          className={pagerButton}
          disabled={!hasPrevious(page) || loading}
          onClick={() => change({ page: page - 1 }, 'page')}
        >
          Προηγούμενη
        </button>
        <button
          type="button"
          className={pagerButton}
          disabled={!hasNext(page, pageCount) || loading}
          onClick={() => change({ page: page + 1 }, 'page')}
        >
          Επόμενη
        </button>
      </div>
    </nav>
  );
}
