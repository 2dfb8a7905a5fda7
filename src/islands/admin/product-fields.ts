import type { FormFields } from '../../domain/admin/product-form-state.ts';

/** The class of the product form's text inputs and selects. */
export const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';

/** What the product form's groups of fields take: the fields, a setter for one, a field's id and error. */
export type FieldGroupProps = {
  fields: FormFields;
  set: <K extends keyof FormFields>(name: K, value: FormFields[K]) => void;
  /** The id and the error `Field` takes for a field name, e.g. 'price'. */
  field: (name: string) => { id: string; error: string | undefined };
};
