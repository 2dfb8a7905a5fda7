import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { productPath } from '../../domain/catalog/product-id.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import { formatEuro } from '../../domain/text/money.ts';
import type { AdminProduct } from '../../stores/admin-api.ts';
import ProductThumbnail from './ui/ProductThumbnail.tsx';

const smallButton = 'min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-50';
const editButton = `${smallButton} border-line hover:bg-mist`;
const deleteButton = `${smallButton} border-danger text-danger hover:bg-mist`;

type Props = {
  sport: Sport;
  products: AdminProduct[];
  /** Shoppers waiting for a product to come back, by product id (decision 087). */
  waiting: Record<string, number>;
  loading: boolean;
  /** The id of the product being deleted. */
  deleting: string | null;
  onRemove: (product: AdminProduct) => void;
  /** Opens the product in the form (read fresh from the server first). */
  onEdit: (product: AdminProduct) => void;
};

/** One page of products: a table from md up, cards on phones (the other one is hidden by CSS). */
export default function ProductRows({
  sport,
  products,
  waiting,
  loading,
  deleting,
  onRemove,
  onEdit,
}: Props) {
  const actions = (product: AdminProduct) => (
    <Actions product={product} deleting={deleting === product.id} onRemove={onRemove} onEdit={onEdit} />
  );
  return (
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
                <ProductThumbnail product={product} className="w-16 md:w-12" />
              </td>
              <td className="py-2 pr-3 font-semibold">
                <a href={productPath(product)} className="hover:underline">
                  {product.title}
                </a>
              </td>
              <td className="py-2 pr-3">{product.team}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {quantityText(product)}
                <WaitingBadge count={waiting[product.id] ?? 0} />
              </td>
              <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">{priceText(product)}</td>
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
            <ProductThumbnail product={product} className="w-16 md:w-12" />
            <div className="grid min-w-0 gap-1">
              <a href={productPath(product)} className="font-semibold break-words hover:underline">
                {product.title}
              </a>
              <p className="text-sm text-muted">{product.team}</p>
              <p className="flex flex-wrap gap-x-4 text-sm">
                <span>
                  Ποσότητα: {quantityText(product)}
                  <WaitingBadge count={waiting[product.id] ?? 0} />
                </span>
                <span className="font-semibold">{priceText(product)}</span>
              </p>
            </div>
            <div className="col-span-2 grid grid-cols-2 gap-2">{actions(product)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Actions({
  product,
  deleting,
  onRemove,
  onEdit,
}: {
  product: AdminProduct;
  deleting: boolean;
  onRemove: (product: AdminProduct) => void;
  onEdit: (product: AdminProduct) => void;
}) {
  return (
    <>
      <button
        type="button"
        onClick={() => onEdit(product)}
        aria-label={`Επεξεργασία: ${product.title}`}
        className={editButton}
      >
        Επεξεργασία
      </button>
      <button
        type="button"
        onClick={() => onRemove(product)}
        disabled={deleting}
        aria-label={`Διαγραφή: ${product.title}`}
        className={deleteButton}
      >
        {deleting ? 'Διαγραφή...' : 'Διαγραφή'}
      </button>
    </>
  );
}

/** «N σε αναμονή»: shoppers who asked to be told when the card is back; nothing when none. */
function WaitingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="waiting-badge"
      className="ml-2 inline-block rounded-full bg-mist px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink"
    >
      {count} σε αναμονή
    </span>
  );
}

const quantityText = (product: AdminProduct) => (product.quantity === null ? '—' : String(product.quantity));
const priceText = (product: AdminProduct) =>
  product.priceCents === null ? MESSAGES.noPrice : formatEuro(product.priceCents);
