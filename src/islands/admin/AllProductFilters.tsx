import { useStore } from '@nanostores/react';
import { type ReactNode, useId } from 'react';
import {
  FIRST_ALL_PRODUCTS_QUERY,
  OFFER_FILTER_LABELS,
  OFFER_FILTERS,
  STOCK_FILTER_LABELS,
  STOCK_FILTERS,
  teamChoices,
} from '../../domain/admin/all-products.ts';
import { isListSort, isPageSize, LIST_PAGE_SIZES, LIST_SORTS } from '../../domain/admin/lists.ts';
import { isProductKind, PRODUCT_KIND_LABELS, PRODUCT_KINDS } from '../../domain/catalog/product-kind.ts';
import { isSport, SPORTS } from '../../domain/catalog/sports.ts';
import { foldText } from '../../domain/text/fold.ts';
import { $categories } from '../../stores/admin-categories.ts';
import { outlineButton } from './ui/styles.ts';
import type { AllProductsState } from './useAllProducts.ts';

const control = 'min-h-11 w-full min-w-0 rounded-md border border-line bg-paper px-3 font-normal';

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The filters of the list of every product: search (title or team), type, offer, sport, team (from
 * the category documents), stock, sort and page size. Every change reads page 1 again.
 */
export default function AllProductFilters({ list }: { list: AllProductsState }) {
  const { categories } = useStore($categories);
  const { query } = list;
  const filter = (patch: Partial<typeof query>) => list.change({ ...patch, page: 1 }, 'filter');
  const filtered =
    query.search.trim() !== '' ||
    [query.kind, query.offer, query.sport, query.team, query.stock].some((value) => value !== '');

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      <label className="col-span-2 grid gap-1 text-sm font-semibold sm:col-span-3 lg:col-span-2">
        Αναζήτηση (τίτλος ή ομάδα)
        <input
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          maxLength={100}
          className={control}
        />
      </label>
      <Choice
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
      </Choice>
      <Choice
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
      </Choice>
      <Choice
        label="Άθλημα"
        value={query.sport}
        onChange={(sport) => {
          if (sport !== '' && !isSport(sport)) return;
          // A team of another sport would find nothing: the team filter goes with the sport.
          const teams = teamChoices(categories, sport).flatMap((group) => group.teams);
          const keepsTeam = teams.some((team) => foldText(team) === foldText(query.team));
          filter({ sport, team: keepsTeam ? query.team : '' });
        }}
      >
        <option value="">Όλα τα αθλήματα</option>
        {SPORTS.map((sport) => (
          <option key={sport} value={sport}>
            {sport}
          </option>
        ))}
      </Choice>
      <Choice label="Ομάδα" value={query.team} onChange={(team) => filter({ team })}>
        <option value="">Όλες οι ομάδες</option>
        {teamChoices(categories, query.sport).map((group) => (
          <optgroup key={group.sport} label={group.sport}>
            {group.teams.map((team) => (
              <option key={team} value={team}>
                {team}
              </option>
            ))}
          </optgroup>
        ))}
      </Choice>
      <Choice
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
      </Choice>
      <Choice
        label="Ταξινόμηση"
        value={query.sort}
        onChange={(sort) => (isListSort(sort) ? filter({ sort }) : undefined)}
      >
        {LIST_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </Choice>
      <Choice
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
      </Choice>
      {filtered && (
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button
            type="button"
            className={`${outlineButton} w-full`}
            onClick={() => {
              list.setSearchText('');
              list.change(
                { ...FIRST_ALL_PRODUCTS_QUERY, sort: query.sort, pageSize: query.pageSize },
                'filter',
              );
            }}
          >
            Καθαρισμός φίλτρων
          </button>
        </div>
      )}
    </div>
  );
}

function Choice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  // The label stands apart from the select, so its name is the label's text alone.
  return (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={control}>
        {children}
      </select>
    </div>
  );
}
