import type { FieldGroupProps } from './product-fields.ts';
import Field from './ui/Field.tsx';

/** The product's optional description: a switch, then the HTML text once it is on. */
export default function DescriptionField({ fields, set, field }: FieldGroupProps) {
  return (
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
  );
}
