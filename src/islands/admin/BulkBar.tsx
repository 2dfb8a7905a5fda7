import { type BulkAction, bulkDeleteQuestion } from '../../domain/admin/bulk-actions.ts';
import BulkAmountForm from './BulkAmountForm.tsx';
import { listButton, outlineButton } from './ui/styles.ts';
import { useBulkQuestion } from './useBulkQuestion.ts';

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

/**
 * The selection's actions: put on offer (asks the discount), take off offer, change the stock (asks
 * the quantity) and delete (asks to confirm, naming how many). Above the rows; from tablets up it
 * stays at the top of the screen while the list scrolls (on a phone it would hide the cards).
 */
export default function BulkBar({ count, running, onRun, onClear }: Props) {
  const { asking, ask, value, setValue, problem, input, submit } = useBulkQuestion(count, onRun);
  const busy = running !== null;
  const idle = busy || count === 0;

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
        <BulkAmountForm
          asking={asking}
          value={value}
          onValue={setValue}
          problem={problem}
          input={input}
          idle={idle}
          onSubmit={submit}
          onCancel={() => ask(null)}
        />
      )}
    </section>
  );
}
