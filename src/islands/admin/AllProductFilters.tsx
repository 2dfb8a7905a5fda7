import {
  type AllProductsQuery,
  OFFER_FILTER_LABELS,
  OFFER_FILTERS,
  STOCK_FILTER_LABELS,
  STOCK_FILTERS,
} from '../../domain/admin/all-products.ts';
import { isListSort, isPageSize, LIST_PAGE_SIZES, LIST_SORTS } from '../../domain/admin/lists.ts';
import { isProductKind, PRODUCT_KIND_LABELS, PRODUCT_KINDS } from '../../domain/catalog/product-kind.ts';
import ClearFiltersButton from './ClearFiltersButton.tsx';
import FilterChoice, { filterControl } from './FilterChoice.tsx';
import SportTeamChoices from './SportTeamChoices.tsx';
import type { AllProductsState } from './useAllProducts.ts';

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The filters of the list of every product: search (title or team), type, offer, sport, team (from
 * the category documents), stock, sort and page size. Every change reads page 1 again.
 */
export default function AllProductFilters({ list }: { list: AllProductsState }) {
  const { query } = list;
  const filter = (patch: Partial<AllProductsQuery>) => list.change({ ...patch, page: 1 }, 'filter');

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      <label className="col-span-2 grid gap-1 text-sm font-semibold sm:col-span-3 lg:col-span-2">
        Αναζήτηση (τίτλος ή ομάδα)
        <input
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          maxLength={100}
          className={filterControl}
        />
      </label>
      <FilterChoice
        label="Τύπος"
        value={query.kind}
        onChange={(kind) => (kind === '' || isProductKind(kind) ? filter({ kind }) : undefined)}
      >
        <option value="">Όλοι οι τύποι</option>
        {PRODUCT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {PRODUCT_KIND_LABELS[kind]}
          </option>
        ))}
      </FilterChoice>
      <FilterChoice
        label="Προσφορά"
        value={query.offer}
        onChange={(offer) => (offer === '' || isOneOf(OFFER_FILTERS, offer) ? filter({ offer }) : undefined)}
      >
        <option value="">Όλα</option>
        {OFFER_FILTERS.map((offer) => (
          <option key={offer} value={offer}>
            {OFFER_FILTER_LABELS[offer]}
          </option>
        ))}
      </FilterChoice>
      <SportTeamChoices query={query} filter={filter} />
      <FilterChoice
        label="Απόθεμα"
        value={query.stock}
        onChange={(stock) => (stock === '' || isOneOf(STOCK_FILTERS, stock) ? filter({ stock }) : undefined)}
      >
        <option value="">Όλα</option>
        {STOCK_FILTERS.map((stock) => (
          <option key={stock} value={stock}>
            {STOCK_FILTER_LABELS[stock]}
          </option>
        ))}
      </FilterChoice>
      <FilterChoice
        label="Ταξινόμηση"
        value={query.sort}
        onChange={(sort) => (isListSort(sort) ? filter({ sort }) : undefined)}
      >
        {LIST_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </FilterChoice>
      <FilterChoice
        label="Ανά σελίδα"
        value={String(query.pageSize)}
        onChange={(value) => {
          const pageSize = Number(value);
          if (isPageSize(pageSize)) list.change({ pageSize, page: 1 }, 'pageSize');
        }}
      >
        {LIST_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </FilterChoice>
      <ClearFiltersButton list={list} />
    </div>
  );
}
