import type { AdminListProduct } from '../../stores/admin-api.ts';

/** What a table row or a card of every product takes, and the two controls both of them hold. */
export type RowProps = {
  product: AdminListProduct;
  waiting: number;
  threshold: number;
  checked: boolean;
  locked: boolean;
  onToggle: (id: string) => void;
  onEdit: (product: AdminListProduct) => void;
};

const editButton =
  'min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:bg-mist disabled:opacity-50';

export function RowCheckbox({
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
export function EditButton({
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
