import { productPath } from '../../domain/catalog/product-id.ts';
import { EditButton, RowCheckbox, type RowProps } from './AllProductRowControls.tsx';
import { kindLabel, Offer, priceText, Stock, Waiting } from './AllProductValues.tsx';
import ProductThumbnail from './ui/ProductThumbnail.tsx';

/** One product of the list of every product as a card (phones and tablets). */
export default function AllProductCard({
  product,
  waiting,
  threshold,
  checked,
  locked,
  onToggle,
  onEdit,
}: RowProps) {
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
