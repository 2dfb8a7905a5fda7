import type { RefObject, SubmitEvent } from 'react';
import { BULK_LIMITS } from '../../domain/admin/bulk-actions.ts';
import Field from './ui/Field.tsx';
import { outlineButton, primaryButton, textInput } from './ui/styles.ts';
import type { BulkQuestion } from './useBulkQuestion.ts';

type Props = {
  asking: BulkQuestion;
  value: string;
  onValue: (text: string) => void;
  problem: string;
  input: RefObject<HTMLInputElement | null>;
  /** Every action waits (one runs, or nothing is selected): the form cannot be sent. */
  idle: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

/** The number a bulk action asks: the discount (%) of an offer, or the new stock of each product. */
export default function BulkAmountForm({
  asking,
  value,
  onValue,
  problem,
  input,
  idle,
  onSubmit,
  onCancel,
}: Props) {
  const limits = asking === 'offer' ? BULK_LIMITS.percent : BULK_LIMITS.quantity;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2 sm:flex sm:flex-wrap sm:items-end">
      <Field
        id={`bulk-${asking}`}
        label={asking === 'offer' ? 'Έκπτωση (%)' : 'Νέο απόθεμα (τεμάχια)'}
        error={problem || undefined}
        className="sm:w-56"
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="number"
            inputMode="numeric"
            step={1}
            min={limits.min}
            max={limits.max}
            value={value}
            onChange={(event) => onValue(event.target.value)}
            className={textInput}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <button type="submit" className={primaryButton} disabled={idle}>
          {asking === 'offer' ? 'Εφαρμογή έκπτωσης' : 'Ορισμός αποθέματος'}
        </button>
        <button type="button" className={outlineButton} onClick={onCancel}>
          Άκυρο
        </button>
      </div>
    </form>
  );
}
