import { productPath } from '../../domain/catalog/product-id.ts';
import { EditButton, RowCheckbox, type RowProps } from './AllProductRowControls.tsx';
import { kindLabel, Offer, priceText, Stock, Waiting } from './AllProductValues.tsx';
import ProductThumbnail from './ui/ProductThumbnail.tsx';

/** A cell of the table of every product (its header's too). */
export const cell = 'py-2 pr-3';

/** One product in the table of every product (wide screens). */
export default function AllProductTableRow({
  product,
  waiting,
  threshold,
  checked,
  locked,
  onToggle,
  onEdit,
}: RowProps) {
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
