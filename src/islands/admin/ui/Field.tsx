import type { ReactNode } from 'react';

/** What the control of a field takes: its id, and its error state for assistive technology. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type Props = {
  id: string;
  label: ReactNode;
  /** Marks the label with an asterisk (hidden from screen readers: the control says it is required). */
  required?: boolean | undefined;
  /** The field's own message, shown under the control and read with it. */
  error?: string | undefined;
  /** Invalid with the reason said elsewhere (one message for the whole form). */
  invalid?: boolean | undefined;
  /** Further ids that describe the control (a hint of its own), read after the error. */
  describedBy?: string | undefined;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled form field of the dashboard: label, control, and the error message tied to the control. */
export default function Field({
  id,
  label,
  required,
  error,
  invalid,
  describedBy,
  className,
  children,
}: Props) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
