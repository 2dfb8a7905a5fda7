import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import {
  BULK_LIMITS,
  BULK_MESSAGES,
  type BulkAction,
  bulkDeleteQuestion,
} from '../../domain/admin/bulk-actions.ts';
import Field from './ui/Field.tsx';
import { listButton, outlineButton, primaryButton, textInput } from './ui/styles.ts';

type Props = {
  /** How many products are selected; with none the actions wait (the bar stays, so no row moves). */
  count: number;
  /** The action running now, if any: every button waits for it. */
  running: BulkAction['action'] | null;
  onRun: (action: BulkAction) => void;
  onClear: () => void;
};

const dangerButton =
  'min-h-11 rounded-full border border-danger px-5 font-semibold text-danger hover:bg-mist disabled:opacity-50';

const selectedText = (count: number) =>
  count === 0
    ? 'Κανένα επιλεγμένο προϊόν: επιλέξτε από τη λίστα'
    : count === 1
      ? '1 επιλεγμένο προϊόν'
      : `${count} επιλεγμένα προϊόντα`;

/** A whole number typed in the bar, within bounds; null otherwise. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * The selection's actions: put on offer (asks the discount), take off offer, change the stock (asks
 * the quantity) and delete (asks to confirm, naming how many). Above the rows; from tablets up it
 * stays at the top of the screen while the list scrolls (on a phone it would hide the cards).
 */
export default function BulkBar({ count, running, onRun, onClear }: Props) {
  const [asking, setAsking] = useState<'offer' | 'stock' | null>(null);
  const [percent, setPercent] = useState('20');
  const [quantity, setQuantity] = useState('');
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (asking) input.current?.focus();
  }, [asking]);

  const busy = running !== null;
  const idle = busy || count === 0;
  // The selection went (a new page, an action done): a question about it goes too.
  if (count === 0 && asking) setAsking(null);

  const ask = (what: 'offer' | 'stock' | null) => {
    setAsking(what);
    setProblem('');
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (asking === 'offer') {
      const value = wholeNumber(percent, BULK_LIMITS.percent.min, BULK_LIMITS.percent.max);
      if (value === null) return setProblem(BULK_MESSAGES.percent);
      onRun({ action: 'offer-on', percent: value });
    } else {
      const value = wholeNumber(quantity, BULK_LIMITS.quantity.min, BULK_LIMITS.quantity.max);
      if (value === null) return setProblem(BULK_MESSAGES.quantity);
      onRun({ action: 'stock', quantity: value });
    }
    ask(null);
  };

  const remove = () => {
    ask(null);
    if (window.confirm(bulkDeleteQuestion(count))) onRun({ action: 'delete' });
  };

  return (
    <section
      aria-label="Μαζικές ενέργειες"
      aria-busy={busy}
      className="grid gap-3 rounded-card border border-ink bg-paper p-3 shadow-card md:sticky md:top-0 md:z-10"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p
          data-testid="selected-count"
          className="mr-auto flex min-h-11 flex-wrap items-center gap-x-2 font-bold"
        >
          {selectedText(count)}
          {busy && <span className="font-normal text-muted">Εκτέλεση...</span>}
        </p>
        {count > 0 && (
          <button type="button" className={listButton} disabled={busy} onClick={onClear}>
            Καθαρισμός επιλογής
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <button
          type="button"
          className={outlineButton}
          disabled={idle}
          aria-expanded={asking === 'offer'}
          onClick={() => ask(asking === 'offer' ? null : 'offer')}
        >
          Σε προσφορά
        </button>
        <button
          type="button"
          className={outlineButton}
          disabled={idle}
          onClick={() => {
            ask(null);
            onRun({ action: 'offer-off' });
          }}
        >
          Αφαίρεση προσφοράς
        </button>
        <button
          type="button"
          className={outlineButton}
          disabled={idle}
          aria-expanded={asking === 'stock'}
          onClick={() => ask(asking === 'stock' ? null : 'stock')}
        >
          Αλλαγή αποθέματος
        </button>
        <button type="button" className={dangerButton} disabled={idle} onClick={remove}>
          Διαγραφή
        </button>
      </div>
      {asking && (
        <form noValidate onSubmit={submit} className="grid gap-2 sm:flex sm:flex-wrap sm:items-end">
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
                min={asking === 'offer' ? BULK_LIMITS.percent.min : BULK_LIMITS.quantity.min}
                max={asking === 'offer' ? BULK_LIMITS.percent.max : BULK_LIMITS.quantity.max}
                value={asking === 'offer' ? percent : quantity}
                onChange={(event) =>
                  asking === 'offer' ? setPercent(event.target.value) : setQuantity(event.target.value)
                }
                className={textInput}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <button type="submit" className={primaryButton} disabled={idle}>
              {asking === 'offer' ? 'Εφαρμογή έκπτωσης' : 'Ορισμός αποθέματος'}
            </button>
            <button type="button" className={outlineButton} onClick={() => ask(null)}>
              Άκυρο
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
