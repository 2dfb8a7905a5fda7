import { rangeText } from '../../domain/admin/lists.ts';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import AllProductFilters from './AllProductFilters.tsx';
import AllProductRows from './AllProductRows.tsx';
import BulkBar from './BulkBar.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Pager from './ui/Pager.tsx';
import { useAllProducts } from './useAllProducts.ts';

/**
 * Every product in one list (issue 33), beside the spec's path by sport: cards, mystery packs and
 * LOTs of every sport, filtered, searched, sorted and paged on the server, with bulk actions on a
 * selection of the page (Shopify's admin product list is the model).
 */
export default function AllProductsList() {
  const list = useAllProducts();
  const { shown, loading, outcome } = list;
  const selectedCount = list.products.filter((product) => list.selected.has(product.id)).length;

  return (
    <section aria-labelledby="all-products-heading" className="grid gap-4">
      <h3 id="all-products-heading" className="text-lg font-bold">
        Όλα τα προϊόντα
      </h3>
      <AllProductFilters list={list} />

      <ErrorAlert message={list.error} />
      <div role="status" aria-live="polite">
        {outcome && (
          <div
            data-testid="bulk-outcome"
            className={`grid gap-1 rounded-md px-3 py-2 text-sm ${outcome.error ? 'font-semibold text-danger' : 'bg-mist'}`}
          >
            <p className="font-semibold">{outcome.message}</p>
            {outcome.failed.length > 0 && (
              <ul className="list-disc pl-5">
                {outcome.failed.map((failure) => (
                  <li key={failure.id}>
                    {failure.title || failure.id}: {failure.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      {shown && shown.products.length > 0 && (
        <BulkBar
          count={selectedCount}
          running={list.running}
          onRun={(action) => void list.run(action)}
          onClear={list.clearSelection}
        />
      )}
      {!shown && loading && <p className="text-muted">{MESSAGES.loading}</p>}
      {shown && shown.total === 0 && <p className="text-muted">{MESSAGES.noProductsFound}</p>}
      {shown && shown.products.length > 0 && (
        <AllProductRows
          products={shown.products}
          waiting={shown.waiting}
          threshold={shown.lowStockThreshold}
          selected={list.selected}
          loading={loading}
          locked={list.running !== null}
          onToggle={list.toggle}
          onToggleAll={list.toggleAll}
          onEdit={(product) => void list.edit(product)}
        />
      )}
      {shown && shown.total > 0 && (
        <div className="grid gap-2">
          <p data-testid="all-products-range" className="text-sm text-muted">
            {rangeText(shown.page, shown.pageSize, shown.total)}
          </p>
          <Pager
            label="Σελίδες όλων των προϊόντων"
            page={shown.page}
            pageCount={shown.pageCount}
            loading={loading}
            onPage={(page) => list.change({ page }, 'page')}
          />
        </div>
      )}
    </section>
  );
}
