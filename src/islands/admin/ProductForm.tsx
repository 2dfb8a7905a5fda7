import { type JSX, type RefObject, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { type ProductFormValues, validateProductForm } from '../../domain/admin/product-form.ts';
import {
  EMPTY_FIELDS,
  type FormFields,
  fieldsFromProduct,
  formErrorsFromServer,
  type ImageItem,
  isUploading,
  itemsFromImages,
  PRODUCT_FORM_TEXT,
  prefillImages,
  readyMediaIds,
  saveFailedMessage,
  teamOptions,
} from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import type { AdminProduct } from '../../stores/admin-api.ts';
import { callApi } from '../../stores/api.ts';
import { sessionEnded } from '../../stores/session.ts';
import CardFactFields from './CardFactFields.tsx';
import ImagePicker from './ImagePicker.tsx';
import TeamSelect from './TeamSelect.tsx';

export type ProductFormProps = {
  sport: Sport;
  categories: Category[];
  /** null = add mode. */
  editing: AdminProduct | null;
  /** After a save; the dashboard shows the message for 3 s and reloads its list. */
  onSaved: (message: string) => void;
  /** Cancel pressed in edit mode. */
  onCancel: () => void;
};

type SaveAnswer = { product: AdminProduct; warnings: string[]; message: string };

/** The dashboard's collapsible add/edit product form (spec 2b, 4 and 5). */
export default function ProductForm({
  sport,
  categories,
  editing,
  onSaved,
  onCancel,
}: ProductFormProps): JSX.Element {
  const [open, setOpen] = useState(editing !== null);
  // The product being edited; it goes back to null (add mode) after an update or on Cancel,
  // even before the dashboard hands down a new `editing`.
  const [product, setProduct] = useState(editing);
  const [seenEditing, setSeenEditing] = useState(editing);
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string[]>([]);
  const sectionRef = useRef<HTMLElement>(null);
  const panelId = useId();

  if (editing !== seenEditing) {
    setSeenEditing(editing);
    setProduct(editing);
    setNotice([]);
    if (editing) setOpen(true);
  }

  const title = product ? PRODUCT_FORM_TEXT.editTitle : PRODUCT_FORM_TEXT.addTitle;
  return (
    <section
      ref={sectionRef}
      aria-label={title}
      className="rounded-card border border-line bg-paper shadow-card"
    >
      {/* h3: it sits under the dashboard's "Διαχείριση Προϊόντων" (h2), next to the list. */}
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left text-lg font-bold"
        >
          {title}
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-line px-4 py-4">
        {notice.length > 0 ? (
          <ul role="status" className="mb-3 rounded-md bg-mist px-3 py-2 text-sm">
            {notice.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
        <ProductFields
          // A new key empties every field: after a save, on Cancel, and for another product or sport.
          key={`${sport}|${product?.id ?? 'new'}|${round}`}
          sport={sport}
          categories={categories}
          product={product}
          sectionRef={sectionRef}
          onSaved={(answer) => {
            setProduct(null);
            setRound(round + 1);
            setNotice(answer.warnings);
            onSaved(answer.message);
          }}
          onCancel={() => {
            setProduct(null);
            setRound(round + 1);
            setNotice([]);
            onCancel();
          }}
        />
      </div>
    </section>
  );
}

type FieldsProps = {
  sport: Sport;
  categories: Category[];
  product: AdminProduct | null;
  sectionRef: RefObject<HTMLElement | null>;
  onSaved: (answer: SaveAnswer) => void;
  onCancel: () => void;
};

const FIELD_ORDER = [
  'title',
  'price',
  'team',
  'quantity',
  'descriptionHtml',
  'facts.year',
  'facts.manufacturer',
  'facts.set',
  'facts.cardNumber',
  'facts.parallel',
  'facts.serial',
  'facts.grader',
  'facts.grade',
  'facts.condition',
  'images',
] as const;

function ProductFields({ sport, categories, product, sectionRef, onSaved, onCancel }: FieldsProps) {
  const [fields, setFields] = useState<FormFields>(() =>
    product ? fieldsFromProduct(product) : EMPTY_FIELDS,
  );
  const [images, setImages] = useState<ImageItem[]>(() =>
    product ? itemsFromImages(prefillImages(product.images)) : [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  // Spec 4: an edit opens the form, scrolls it into view and puts the focus on the title.
  useEffect(() => {
    if (!product) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    sectionRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, [product, sectionRef]);

  const teams = categories.length === 0 ? null : teamOptions(categories, sport);
  const uploading = isUploading(images);
  const busy = saving || uploading;
  const set = <K extends keyof FormFields>(name: K, value: FormFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const values: ProductFormValues = { ...fields, mediaIds: readyMediaIds(images) };
    const found = validateProductForm(values, categories);
    setErrors(found);
    setSaveError(null);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setSaving(true);
    const result = product
      ? await callApi<SaveAnswer>('PUT', `/api/admin/products/${encodeURIComponent(product.id)}`, values)
      : await callApi<SaveAnswer>('POST', '/api/admin/products', values);
    setSaving(false);
    if (result.ok) return onSaved(result.data);
    if (result.error.kind === 'unauthorized') sessionEnded();
    const fieldErrors = formErrorsFromServer(result.error.fields);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
    } else {
      setSaveError(saveFailedMessage(result.error.message));
    }
  };

  const focusFirst = (found: Record<string, string>) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  };

  const errorProps = (name: string) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` }
      : { 'aria-invalid': undefined };
  const errorText = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;
  const input =
    'min-h-11 w-full rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <label htmlFor={fieldId('title')} className="mb-1 block text-sm font-semibold">
          Τίτλος <span aria-hidden="true">*</span>
        </label>
        <input
          ref={titleRef}
          id={fieldId('title')}
          type="text"
          required
          maxLength={250}
          value={fields.title}
          onChange={(event) => set('title', event.target.value)}
          className={input}
          {...errorProps('title')}
        />
        {errorText('title')}
      </div>
      <div>
        <label htmlFor={fieldId('price')} className="mb-1 block text-sm font-semibold">
          Τιμή (€) <span aria-hidden="true">*</span>
        </label>
        <input
          id={fieldId('price')}
          type="text"
          inputMode="decimal"
          required
          placeholder="π.χ. 1,50"
          value={fields.price}
          onChange={(event) => set('price', event.target.value)}
          className={input}
          {...errorProps('price')}
        />
        {errorText('price')}
      </div>
      <div>
        <label htmlFor={fieldId('quantity')} className="mb-1 block text-sm font-semibold">
          Απόθεμα
        </label>
        <input
          id={fieldId('quantity')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={fields.quantity}
          onChange={(event) => set('quantity', event.target.value)}
          className={input}
          {...errorProps('quantity')}
        />
        {errorText('quantity')}
      </div>
      <div className="md:col-span-2">
        <TeamSelect
          id={fieldId('team')}
          label="Ομάδα"
          required
          options={teams}
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
          <div className="mt-2">
            <label htmlFor={fieldId('descriptionHtml')} className="mb-1 block text-sm font-semibold">
              Περιγραφή (επιτρέπεται HTML)
            </label>
            <textarea
              id={fieldId('descriptionHtml')}
              rows={5}
              maxLength={20_000}
              value={fields.descriptionHtml}
              onChange={(event) => set('descriptionHtml', event.target.value)}
              className="w-full rounded-md border border-line bg-paper px-3 py-2 text-base aria-invalid:border-danger"
              {...errorProps('descriptionHtml')}
            />
            {errorText('descriptionHtml')}
          </div>
        ) : null}
      </div>
      <CardFactFields
        facts={fields.facts}
        onChange={(facts) => set('facts', facts)}
        errors={errors}
        fieldId={fieldId}
        inputClass={input}
      />
      <div className="md:col-span-2">
        <ImagePicker inputId={fieldId('images')} items={images} setItems={setImages} error={errors.images} />
      </div>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-paper hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
        >
          {saving ? 'Αποθήκευση...' : product ? 'Αποθήκευση αλλαγών' : 'Προσθήκη προϊόντος'}
        </button>
        {product ? (
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex min-h-11 items-center rounded-full border border-ink px-6 font-semibold hover:bg-mist"
          >
            Ακύρωση
          </button>
        ) : null}
        {uploading ? (
          <p className="text-sm text-muted" role="status">
            Περιμένετε να ολοκληρωθεί το ανέβασμα των εικόνων.
          </p>
        ) : null}
      </div>
      {saveError ? (
        <p role="alert" className="text-sm text-danger md:col-span-2">
          {saveError}
        </p>
      ) : null}
    </form>
  );
}
