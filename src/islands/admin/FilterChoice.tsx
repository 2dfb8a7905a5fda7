import { type ReactNode, useId } from 'react';

/** The class of a control of the list's filters (its search field's too). */
export const filterControl =
  'min-h-11 w-full min-w-0 rounded-md border border-line bg-paper px-3 font-normal';

/** One filter of the list of every product: a select under its own label. */
export default function FilterChoice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  // The label stands apart from the select, so its name is the label's text alone.
  return (
    <div className="grid min-w-0 content-start gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={filterControl}
      >
        {children}
      </select>
    </div>
  );
}
