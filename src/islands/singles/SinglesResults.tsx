import type { MouseEvent, ReactNode } from 'react';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import type { FilterOptions, SinglesFilters } from '../../domain/catalog/singles-filters.ts';
import { singlesHref } from '../../domain/seo/singles-seo.ts';
import BrowseLinks from './BrowseLinks.tsx';
import SingleCard from './SingleCard.tsx';
import { follow, type LoadState, type SinglesPage } from './useSinglesBrowser.ts';

type Props = {
  filters: SinglesFilters;
  options: FilterOptions;
  page: SinglesPage;
  state: LoadState;
  error: string;
  update: (field: keyof SinglesFilters, value: string | number) => void;
  go: (next: SinglesFilters) => void;
};

/** The cards of the page with their count, the pager, and plain links to browse on. */
export default function SinglesResults({ filters, options, page, state, error, update, go }: Props) {
  return (
    <section aria-label="Κάρτες" aria-busy={state === 'loading'}>
      <h2 className="sr-only">Κάρτες</h2>
      <p className="mb-3 text-sm text-muted" aria-live="polite" data-testid="singles-total">
        {state === 'loading' ? MESSAGES.loading : `${page.total} ${page.total === 1 ? 'κάρτα' : 'κάρτες'}`}
      </p>
      {state === 'error' && (
        <p role="alert" className="mb-3 text-danger">
          {error}
        </p>
      )}
      {page.products.length === 0 && state === 'ready' ? (
        <p>{MESSAGES.noProductsFound}</p>
      ) : (
        <ul
          className={`grid grid-cols-3 gap-2 sm:gap-3 xl:grid-cols-5 ${state === 'loading' ? 'opacity-60' : ''}`}
          data-testid="singles-grid"
        >
          {page.products.map((card, index) => (
            <li key={card.id}>
              <SingleCard card={card} eager={index < 5} />
            </li>
          ))}
        </ul>
      )}
      {page.pageCount > 1 && (
        <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Σελίδες">
          <PageLink
            rel="prev"
            href={page.page > 1 ? singlesHref(filters, page.page - 1) : null}
            onClick={(event) => follow(event, () => update('page', page.page - 1))}
          >
            Προηγούμενη
          </PageLink>
          <span className="text-sm">
            Σελίδα {page.page} από {page.pageCount}
          </span>
          <PageLink
            rel="next"
            href={page.page < page.pageCount ? singlesHref(filters, page.page + 1) : null}
            onClick={(event) => follow(event, () => update('page', page.page + 1))}
          >
            Επόμενη
          </PageLink>
        </nav>
      )}
      <BrowseLinks filters={filters} options={options} go={go} />
    </section>
  );
}

const PILL = 'inline-flex min-h-11 items-center rounded-full border px-4 font-semibold';

/** A pager link; at either end it stays in place, marked disabled, with nowhere to go. */
function PageLink({
  href,
  rel,
  onClick,
  children,
}: {
  href: string | null;
  rel: 'prev' | 'next';
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children: ReactNode;
}) {
  if (href === null)
    return (
      // biome-ignore lint/a11y/useValidAnchor: a pager end keeps its place and says it is disabled.
      <a role="link" aria-disabled="true" className={`${PILL} border-line text-muted`}>
        {children}
      </a>
    );
  return (
    <a href={href} rel={rel} className={`${PILL} border-ink hover:bg-mist`} onClick={onClick}>
      {children}
    </a>
  );
}
