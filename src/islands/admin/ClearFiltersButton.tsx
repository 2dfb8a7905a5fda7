import { FIRST_ALL_PRODUCTS_QUERY } from '../../domain/admin/all-products.ts';
import { outlineButton } from './ui/styles.ts';
import type { AllProductsState } from './useAllProducts.ts';

/** Shown while a filter or a search is set: clears them all, keeping the sort and the page size. */
export default function ClearFiltersButton({ list }: { list: AllProductsState }) {
  const { query } = list;
  const filtered =
    query.search.trim() !== '' ||
    [query.kind, query.offer, query.sport, query.team, query.stock].some((value) => value !== '');
  if (!filtered) return null;
  return (
    <div className="col-span-2 flex items-end sm:col-span-1">
      <button
        type="button"
        className={`${outlineButton} w-full`}
        onClick={() => {
          list.setSearchText('');
          list.change({ ...FIRST_ALL_PRODUCTS_QUERY, sort: query.sort, pageSize: query.pageSize }, 'filter');
        }}
      >
        Καθαρισμός φίλτρων
      </button>
    </div>
  );
}
