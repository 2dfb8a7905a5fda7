import { useRef } from 'react';
import type { FilterOptions, SinglesFilters } from '../domain/catalog/singles-filters.ts';
import { singlesHeading } from '../domain/seo/singles-seo.ts';
import FilterChips from './singles/FilterChips.tsx';
import SinglesFilterForm from './singles/SinglesFilterForm.tsx';
import SinglesResults from './singles/SinglesResults.tsx';
import { type SinglesPage, useSinglesBrowser } from './singles/useSinglesBrowser.ts';

type Props = {
  /** The filters of the URL the server rendered, and what it found for them (or why it could not). */
  initialFilters: SinglesFilters;
  initial: SinglesPage;
  initialError?: string | undefined;
  options: FilterOptions;
};

/**
 * /singles: filters in the URL, query on the server, 25 cards a page. The server renders the page
 * for its URL (cards, pager links, sport and team links), so it works without script; once
 * hydrated, filter changes and page links fetch from /api/products without a reload.
 */
export default function SinglesBrowser({ initialFilters, initial, initialError, options }: Props) {
  const browser = useSinglesBrowser(initialFilters, initial, initialError);
  const { filters, update } = browser;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-6 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {singlesHeading(filters)}
      </h1>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <SinglesFilterForm
          filters={filters}
          options={options}
          searchText={browser.searchText}
          setSearchText={browser.setSearchText}
          update={update}
          total={browser.state === 'loading' ? null : browser.page.total}
        />
        <div className="min-w-0">
          <FilterChips filters={filters} go={browser.go} emptyFocus={heading} />
          <SinglesResults
            filters={filters}
            options={options}
            page={browser.page}
            state={browser.state}
            error={browser.error}
            update={update}
            go={browser.go}
          />
        </div>
      </div>
    </>
  );
}
