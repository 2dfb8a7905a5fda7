import type { Dispatch, RefObject, SetStateAction } from 'react';
import { type FormFields, teamOptions } from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { isProductKind, PRODUCT_KIND_LABELS, PRODUCT_KINDS } from '../../domain/catalog/product-kind.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import TeamSelect from './TeamSelect.tsx';
import Field from './ui/Field.tsx';

export const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';

type Props = {
  /** The sport whose teams the team field offers; null for every sport's. */
  sport: Sport | null;
  categories: Category[];
  fields: FormFields;
  setFields: Dispatch<SetStateAction<FormFields>>;
  errors: Record<string, string>;
  /** The form's id for a field name, e.g. 'title'. */
  fieldId: (name: string) => string;
  titleRef: RefObject<HTMLInputElement | null>;
};

/**
 * The product form's own fields: type, title, price, offer and old price, stock, team and the
 * optional description. A card needs a team (spec section 5); a pack or a LOT may have none.
 */
export default function ProductMainFields({
  sport,
  categories,
  fields,
  setFields,
  errors,
  fieldId,
  titleRef,
}: Props) {
  const set = <K extends keyof FormFields>(name: K, value: FormFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));
  const field = (name: string) => ({ id: fieldId(name), error: errors[name] });

  const card = fields.kind === 'card';
  return (
    <>
      <Field {...field('kind')} label="Τύπος προϊόντος" className="md:col-span-2">
        {(control) => (
          <select
            {...control}
            value={fields.kind}
            onChange={(event) => {
              const kind = event.target.value;
              if (!isProductKind(kind)) return;
              // Only cards go on offer: a pack or a LOT leaves the switch off.
              setFields((current) => ({ ...current, kind, offer: kind === 'card' && current.offer }));
            }}
            className={inputClass}
          >
            {PRODUCT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PRODUCT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field {...field('title')} label="Τίτλος" required className="md:col-span-2">
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            type="text"
            required
            maxLength={250}
            value={fields.title}
            onChange={(event) => set('title', event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
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
      {card ? (
        <div className="md:col-span-2">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
            <input
              id={fieldId('offer')}
              type="checkbox"
              checked={fields.offer}
              aria-invalid={errors.offer ? true : undefined}
              onChange={(event) => set('offer', event.target.checked)}
              className="size-5 accent-accent"
              aria-describedby={fieldId('offer-hint')}
            />
            Σε προσφορά
          </label>
          <p id={fieldId('offer-hint')} className="text-sm text-muted">
            Εμφανίζεται στις Προσφορές με την αρχική τιμή διαγραμμένη.
          </p>
          {errors.offer ? (
            <p className="text-sm text-danger" role="alert">
              {errors.offer}
            </p>
          ) : null}
        </div>
      ) : null}
      <Field {...field('quantity')} label="Απόθεμα">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={fields.quantity}
            onChange={(event) => set('quantity', event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="md:col-span-2">
        <TeamSelect
          id={fieldId('team')}
          label="Ομάδα"
          required={card}
          options={categories.length === 0 ? null : teamOptions(categories, sport)}
          value={fields.team}
          onChange={(team) => set('team', team)}
          error={errors.team}
        />
      </div>
      <div className="md:col-span-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            checked={fields.descriptionEnabled}
            onChange={(event) => set('descriptionEnabled', event.target.checked)}
            className="size-5 accent-accent"
          />
          Προσθήκη περιγραφής
        </label>
        {fields.descriptionEnabled ? (
          <Field {...field('descriptionHtml')} label="Περιγραφή (επιτρέπεται HTML)" className="mt-2">
            {(control) => (
              <textarea
                {...control}
                rows={5}
                maxLength={20_000}
                value={fields.descriptionHtml}
                onChange={(event) => set('descriptionHtml', event.target.value)}
                className="w-full rounded-md border border-line bg-paper px-3 py-2 text-base aria-invalid:border-danger"
              />
            )}
          </Field>
        ) : null}
      </div>
    </>
  );
}
