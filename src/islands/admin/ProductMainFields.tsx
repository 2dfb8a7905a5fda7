import type { Dispatch, RefObject, SetStateAction } from 'react';
import { type FormFields, teamOptions } from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { isProductKind, PRODUCT_KIND_LABELS, PRODUCT_KINDS } from '../../domain/catalog/product-kind.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import DescriptionField from './DescriptionField.tsx';
import PriceFields from './PriceFields.tsx';
import { inputClass } from './product-fields.ts';
import TeamSelect from './TeamSelect.tsx';
import Field from './ui/Field.tsx';

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
  const group = { fields, set, field };

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
      <PriceFields {...group} />
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
      <DescriptionField {...group} />
    </>
  );
}
