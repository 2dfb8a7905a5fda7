import { type FieldGroupProps, inputClass } from './product-fields.ts';
import Field from './ui/Field.tsx';

/** The product form's price, the old price before the discount, and a card's offer switch. */
export default function PriceFields({ fields, set, field }: FieldGroupProps) {
  return (
    <>
      <Field {...field('price')} label="Τιμή (€)" required>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            required
            placeholder="π.χ. 1,50"
            value={fields.price}
            onChange={(event) => set('price', event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field {...field('compareAt')} label="Αρχική τιμή, πριν την έκπτωση (€)" required={fields.offer}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            required={fields.offer}
            placeholder={fields.offer ? 'π.χ. 2,50' : 'προαιρετική'}
            value={fields.compareAt}
            onChange={(event) => set('compareAt', event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      {fields.kind === 'card' ? <OfferSwitch fields={fields} set={set} field={field} /> : null}
    </>
  );
}

/** Only cards go on offer: the switch, its hint, and its error. */
function OfferSwitch({ fields, set, field }: FieldGroupProps) {
  const { id, error } = field('offer');
  return (
    <div className="md:col-span-2">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
        <input
          id={id}
          type="checkbox"
          checked={fields.offer}
          aria-invalid={error ? true : undefined}
          onChange={(event) => set('offer', event.target.checked)}
          className="size-5 accent-accent"
          aria-describedby={`${id}-hint`}
        />
        Σε προσφορά
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Εμφανίζεται στις Προσφορές με την αρχική τιμή διαγραμμένη.
      </p>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
