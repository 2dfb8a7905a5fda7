import { useStore } from '@nanostores/react';
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
} from '../../domain/admin/product-form-state.ts';
import type { Sport } from '../../domain/catalog/sports.ts';
import type { AdminProduct } from '../../stores/admin-api.ts';
import { $categories } from '../../stores/admin-categories.ts';
import { $editing, cancelEdit, productSaved } from '../../stores/admin-products.ts';
import { callApi } from '../../stores/api.ts';
import { sessionEnded } from '../../stores/session.ts';
import CardFactFields from './CardFactFields.tsx';
import ImagePicker from './ImagePicker.tsx';
import ProductMainFields from './ProductMainFields.tsx';
import { inputClass } from './product-fields.ts';
import Section from './ui/Section.tsx';

type SaveAnswer = { product: AdminProduct; warnings: string[]; message: string };

/** The dashboard's collapsible add/edit product form (spec 2b, 4 and 5); $editing says which product. */
export default function ProductForm({ sport }: { sport: Sport | null }): JSX.Element {
  const editing = useStore($editing);
  const [open, setOpen] = useState(editing !== null);
  // The product being edited; it goes back to null (add mode) after an update or on Cancel,
  // even before the store hands down a new `editing`.
  const [product, setProduct] = useState(editing);
  const [seenEditing, setSeenEditing] = useState(editing);
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string[]>([]);
  const sectionRef = useRef<HTMLElement>(null);

  if (editing !== seenEditing) {
    setSeenEditing(editing);
    setProduct(editing);
    setNotice([]);
    if (editing) setOpen(true);
  }

  // A new key empties every field: after a save, on Cancel, and for another product or sport.
  const startOver = (warnings: string[]) => {
    setProduct(null);
    setRound(round + 1);
    setNotice(warnings);
  };

  return (
    // h3: it sits under the dashboard's "Διαχείριση Προϊόντων" (h2), next to the list.
    <Section
      ref={sectionRef}
      title={product ? PRODUCT_FORM_TEXT.editTitle : PRODUCT_FORM_TEXT.addTitle}
      level={3}
      look="form"
      open={open}
      onToggle={setOpen}
    >
      {notice.length > 0 ? (
        <ul role="status" className="mb-3 rounded-md bg-mist px-3 py-2 text-sm">
          {notice.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <ProductFields
        key={`${sport}|${product?.id ?? 'new'}|${round}`}
        sport={sport}
        product={product}
        sectionRef={sectionRef}
        onSaved={(answer) => {
          startOver(answer.warnings);
          productSaved(answer.message);
        }}
        onCancel={() => {
          startOver([]);
          cancelEdit();
        }}
      />
    </Section>
  );
}

type FieldsProps = {
  sport: Sport | null;
  product: AdminProduct | null;
  sectionRef: RefObject<HTMLElement | null>;
  onSaved: (answer: SaveAnswer) => void;
  onCancel: () => void;
};

const FIELD_ORDER = [
  'kind',
  'title',
  'price',
  'compareAt',
  'offer',
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
  'facts.certNumber',
  'facts.condition',
  'images',
] as const;

function ProductFields({ sport, product, sectionRef, onSaved, onCancel }: FieldsProps) {
  const { categories } = useStore($categories);
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

  const uploading = isUploading(images);
  const busy = saving || uploading;

  const focusFirst = (found: Record<string, string>) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const values: ProductFormValues = { ...fields, mediaIds: readyMediaIds(images) };
    const found = validateProductForm(values, categories, product ? fieldsFromProduct(product).offer : false);
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

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
      <ProductMainFields
        sport={sport}
        categories={categories}
        fields={fields}
        setFields={setFields}
        errors={errors}
        fieldId={fieldId}
        titleRef={titleRef}
      />
      <CardFactFields
        facts={fields.facts}
        onChange={(facts) => setFields((current) => ({ ...current, facts }))}
        errors={errors}
        fieldId={fieldId}
        inputClass={inputClass}
      />
      <div className="md:col-span-2">
        <ImagePicker inputId={fieldId('images')} items={images} setItems={setImages} error={errors.images} />
      </div>
      <FormActions editing={product !== null} saving={saving} uploading={uploading} onCancel={onCancel} />
      {saveError ? (
        <p role="alert" className="text-sm text-danger md:col-span-2">
          {saveError}
        </p>
      ) : null}
    </form>
  );
}

type ActionsProps = { editing: boolean; saving: boolean; uploading: boolean; onCancel: () => void };

/** Save (disabled while saving or uploading), Cancel in edit mode, and why the form waits. */
function FormActions({ editing, saving, uploading, onCancel }: ActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3 md:col-span-2">
      <button
        type="submit"
        disabled={saving || uploading}
        className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-paper hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-50"
      >
        {saving ? 'Αποθήκευση...' : editing ? 'Αποθήκευση αλλαγών' : 'Προσθήκη προϊόντος'}
      </button>
      {editing ? (
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
  );
}
