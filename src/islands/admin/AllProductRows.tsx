import { useEffect, useId, useRef } from 'react';
import { stockLevel } from '../../domain/admin/all-products.ts';
import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { hasOfferTag, savingOf } from '../../domain/catalog/offers.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import { PRODUCT_KIND_LABELS } from '../../domain/catalog/product-kind.ts';
import { formatEuro } from '../../domain/text/money.ts';
import type { AdminListProduct } from '../../stores/admin-api.ts';
import ProductThumbnail from './ui/ProductThumbnail.tsx';

const editButton =
  'min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:bg-mist disabled:opacity-50';
const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const cell = 'py-2 pr-3';
const PAGE_CHECKBOX = 'Επιλογή όλων στη σελίδα';

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
            <TableRow key={product.id} {...row(product)} />
          ))}
        </tbody>
      </table>

      <div className="grid gap-3 xl:hidden">
        <PageCheckbox {...props} withText />
        <ul aria-label="Όλα τα προϊόντα" className="grid gap-3 md:grid-cols-2">
          {products.map((product) => (
            <ProductCard key={product.id} {...row(product)} />
          ))}
        </ul>
      </div>
    </div>
  );
}

type RowProps = {
  product: AdminListProduct;
  waiting: number;
  threshold: number;
  checked: boolean;
  locked: boolean;
  onToggle: (id: string) => void;
  onEdit: (product: AdminListProduct) => void;
};

function TableRow({ product, waiting, threshold, checked, locked, onToggle, onEdit }: RowProps) {
  return (
    <tr
      data-testid="all-products-row"
      className={`border-b border-line align-middle ${checked ? 'bg-mist' : ''}`}
    >
      <td className="py-2 pr-2">
        <RowCheckbox product={product} checked={checked} locked={locked} onToggle={onToggle} />
      </td>
      <td className={cell}>
        <ProductThumbnail product={product} className="w-16 xl:w-12" />
      </td>
      <td className={`${cell} font-semibold`}>
        <div className="grid justify-items-start gap-1">
          <a href={productPath(product)} className="hover:underline">
            {product.title}
          </a>
          <EditButton product={product} onEdit={onEdit} />
        </div>
      </td>
      <td className={cell}>{kindLabel(product)}</td>
      <td className={cell}>
        <Offer product={product} />
      </td>
      <td className={cell}>{product.sport ?? '—'}</td>
      <td className={cell}>{product.team || '—'}</td>
      <td className={`${cell} text-right tabular-nums whitespace-nowrap`}>{priceText(product)}</td>
      <td className={`${cell} text-right tabular-nums`}>
        <Stock product={product} threshold={threshold} />
      </td>
      <td className={`${cell} text-right tabular-nums`}>
        <Waiting count={waiting} />
      </td>
    </tr>
  );
}

function ProductCard({ product, waiting, threshold, checked, locked, onToggle, onEdit }: RowProps) {
  return (
    <li
      data-testid="all-products-card"
      className={`grid grid-cols-[auto_4rem_1fr] gap-3 rounded-card border p-3 shadow-card ${checked ? 'border-ink bg-mist' : 'border-line'}`}
    >
      <RowCheckbox product={product} checked={checked} locked={locked} onToggle={onToggle} />
      <ProductThumbnail product={product} className="w-16 xl:w-12" />
      <div className="grid min-w-0 content-start gap-1 text-sm">
        <a href={productPath(product)} className="text-base font-semibold break-words hover:underline">
          {product.title}
        </a>
        <p className="text-muted">
          {[kindLabel(product), product.sport, product.team].filter(Boolean).join(' · ')}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">{priceText(product)}</span>
          <Offer product={product} quiet />
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            Απόθεμα: <Stock product={product} threshold={threshold} />
          </span>
          {waiting > 0 && <Waiting count={waiting} />}
        </p>
      </div>
      <div className="col-span-3">
        <EditButton product={product} onEdit={onEdit} wide />
      </div>
    </li>
  );
}

/** The header's checkbox: all of the page, some (mixed), or none. */
function PageCheckbox({
  products,
  selected,
  locked,
  onToggleAll,
  withText = false,
}: Props & { withText?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  const count = products.filter((product) => selected.has(product.id)).length;
  const all = products.length > 0 && count === products.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  });
  const box = (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={all}
      disabled={locked || products.length === 0}
      onChange={onToggleAll}
      aria-label={withText ? undefined : PAGE_CHECKBOX}
      className="size-5 accent-accent"
    />
  );
  if (!withText) return <span className="inline-grid size-11 place-items-center">{box}</span>;
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-3 justify-self-start px-3 text-sm font-semibold"
    >
      {box}
      {PAGE_CHECKBOX}
    </label>
  );
}

function RowCheckbox({
  product,
  checked,
  locked,
  onToggle,
}: Pick<RowProps, 'product' | 'checked' | 'locked' | 'onToggle'>) {
  return (
    <label className="inline-grid size-11 cursor-pointer place-items-center">
      <input
        type="checkbox"
        checked={checked}
        disabled={locked}
        onChange={() => onToggle(product.id)}
        aria-label={`Επιλογή: ${product.title}`}
        className="size-5 accent-accent"
      />
    </label>
  );
}

/** Edit opens the dashboard's form with the product, read fresh from the server. */
function EditButton({
  product,
  onEdit,
  wide = false,
}: {
  product: AdminListProduct;
  onEdit: (product: AdminListProduct) => void;
  wide?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onEdit(product)}
      aria-label={`Επεξεργασία: ${product.title}`}
      className={`${editButton} ${wide ? 'w-full' : ''}`}
    >
      Επεξεργασία
    </button>
  );
}

/**
 * The offer: the price before it struck through and the discount («-20%»), or «Ναι» for a tag only;
 * «—» for none, or nothing at all when `quiet` (a phone's card).
 */
function Offer({ product, quiet = false }: { product: AdminListProduct; quiet?: boolean }) {
  const percent = savingOf(product)?.percent ?? null;
  if (percent !== null && product.compareAtCents !== null)
    return (
      <span data-testid="offer" className="inline-flex flex-wrap items-center gap-2 whitespace-nowrap">
        <span className="sr-only">Αρχική τιμή</span>
        <s className="text-muted tabular-nums">{formatEuro(product.compareAtCents)}</s>
        <span className={`${badge} bg-accent text-paper`}>-{percent}%</span>
      </span>
    );
  if (hasOfferTag(product.tags)) return <span data-testid="offer">Ναι</span>;
  return quiet ? null : <span className="text-muted">—</span>;
}

function Stock({ product, threshold }: { product: AdminListProduct; threshold: number }) {
  const level = stockLevel(product.quantity, threshold);
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <span>{product.quantity === null ? '—' : product.quantity}</span>
      {level === 'sold-out' && (
        <span data-testid="stock-badge" className={`${badge} bg-danger text-paper`}>
          Εξαντλήθηκε
        </span>
      )}
      {level === 'low' && (
        <span data-testid="stock-badge" className={`${badge} border border-ink text-ink`}>
          Χαμηλό
        </span>
      )}
    </span>
  );
}

/** «N σε αναμονή»: shoppers who asked to be told when the product is back (decision 087). */
function Waiting({ count }: { count: number }) {
  if (count <= 0) return <span className="text-muted">0</span>;
  return (
    <span data-testid="waiting-badge" className={`${badge} bg-mist text-ink`}>
      {count} σε αναμονή
    </span>
  );
}

const kindLabel = (product: AdminListProduct) => PRODUCT_KIND_LABELS[product.kind];
const priceText = (product: AdminListProduct) =>
  product.priceCents === null ? MESSAGES.noPrice : formatEuro(product.priceCents);
