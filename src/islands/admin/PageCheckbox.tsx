import { useEffect, useId, useRef } from 'react';
import type { AdminListProduct } from '../../stores/admin-api.ts';

const PAGE_CHECKBOX = 'Επιλογή όλων στη σελίδα';

type Props = {
  products: AdminListProduct[];
  selected: ReadonlySet<string>;
  locked: boolean;
  onToggleAll: () => void;
  /** With its text beside it (the cards' layout); otherwise named by aria-label (a table header). */
  withText?: boolean;
};

/** The checkbox of the list of every product that selects its page: all of it, some (mixed), or none. */
export default function PageCheckbox({ products, selected, locked, onToggleAll, withText = false }: Props) {
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
