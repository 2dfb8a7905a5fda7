import type { AdminListProduct } from '../../stores/admin-api.ts';
import AllProductCard from './AllProductCard.tsx';
import AllProductTableRow, { cell } from './AllProductTableRow.tsx';
import PageCheckbox from './PageCheckbox.tsx';

type Props = {
  products: AdminListProduct[];
  waiting: Record<string, number>;
  threshold: number;
  selected: ReadonlySet<string>;
  loading: boolean;
  /** While a bulk action runs, the selection stays as it is. */
  locked: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onEdit: (product: AdminListProduct) => void;
};

/**
 * One page of every product: a table on wide screens, cards below (the other one is hidden by
 * CSS). Each row has a checkbox named by its product's title; the header's selects the page.
 */
export default function AllProductRows(props: Props) {
  const { products, waiting, threshold, selected, loading, locked, onToggle, onEdit } = props;
  const row = (product: AdminListProduct) => ({
    product,
    waiting: waiting[product.id] ?? 0,
    threshold,
    checked: selected.has(product.id),
    locked,
    onToggle,
    onEdit,
  });
  return (
    <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <table className="hidden w-full text-left text-sm xl:table">
        <caption className="sr-only">Όλα τα προϊόντα</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="w-11 py-2 pr-2">
              <PageCheckbox {...props} />
            </th>
            {['Εικόνα', 'Τίτλος', 'Τύπος', 'Προσφορά', 'Άθλημα', 'Ομάδα'].map((name) => (
              <th key={name} scope="col" className={`${cell} font-semibold`}>
                {name}
              </th>
            ))}
            {['Τιμή', 'Απόθεμα', 'Σε αναμονή'].map((name) => (
              <th key={name} scope="col" className={`${cell} text-right font-semibold`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <AllProductTableRow key={product.id} {...row(product)} />
          ))}
        </tbody>
      </table>

      <div className="grid gap-3 xl:hidden">
        <PageCheckbox {...props} withText />
        <ul aria-label="Όλα τα προϊόντα" className="grid gap-3 md:grid-cols-2">
          {products.map((product) => (
            <AllProductCard key={product.id} {...row(product)} />
          ))}
        </ul>
      </div>
    </div>
  );
}
