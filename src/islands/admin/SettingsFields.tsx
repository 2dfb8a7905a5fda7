import type { ReactNode } from 'react';
import type { SettingsErrors, SettingsForm } from '../../domain/settings/settings-form.ts';
import Field from './ui/Field.tsx';
import { textInput } from './ui/styles.ts';

/** The text fields of one group of the settings, and how each one changes the form. */
type Group = Exclude<keyof SettingsForm, 'bankAccounts' | 'payments'>;

export type FieldsProps = {
  form: SettingsForm;
  errors: SettingsErrors;
  /** The form's id for a field's path, e.g. `identity.vatNumber`. */
  fieldId: (path: string) => string;
  change: <G extends Group>(group: G, key: keyof SettingsForm[G], value: SettingsForm[G][typeof key]) => void;
};

type TextProps = FieldsProps & {
  group: Group;
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url';
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
  /** The error's path when it is not the field's own (an amount's is in cents). */
  errorPath?: string;
  hint?: string;
};

/** One text field of a group, with the schema's error for its path. */
export function SettingsText(props: TextProps) {
  const { form, errors, fieldId, change, group, name, label, hint } = props;
  const path = `${group}.${name}`;
  const id = fieldId(path);
  const value = (form[group] as Record<string, unknown>)[name];
  return (
    <Field
      id={id}
      label={label}
      required={props.required}
      error={errors[props.errorPath ?? path]}
      describedBy={hint ? `${id}-hint` : undefined}
    >
      {(control) => (
        <>
          <input
            {...control}
            name={path}
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            autoComplete={props.autoComplete ?? 'off'}
            value={String(value ?? '')}
            onChange={(event) => change(group, name as never, event.target.value as never)}
            className={textInput}
          />
          {hint ? (
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              {hint}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** A titled group of fields in two columns on wide screens. */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded-card border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Who the shop is: the legal pages, the footer, the mails and the packing slips say it. */
export function IdentityFields(props: FieldsProps) {
  const text = (name: string, label: string, extra: Partial<TextProps> = {}) => (
    <SettingsText {...props} group="identity" name={name} label={label} required {...extra} />
  );
  return (
    <FieldGroup title="Στοιχεία επιχείρησης">
      {text('tradeName', 'Εμπορική επωνυμία', { autoComplete: 'organization' })}
      {text('legalName', 'Επωνυμία (όπως στο ΓΕΜΗ)')}
      {text('street', 'Οδός και αριθμός', { autoComplete: 'street-address' })}
      {text('city', 'Πόλη', { autoComplete: 'address-level2' })}
      {text('postalCode', 'Τ.Κ.', { inputMode: 'numeric', autoComplete: 'postal-code' })}
      {text('vatNumber', 'ΑΦΜ', { inputMode: 'numeric' })}
      {text('taxOffice', 'ΔΟΥ')}
      {text('gemiNumber', 'Αριθμός ΓΕΜΗ', { inputMode: 'numeric' })}
      {text('phone', 'Τηλέφωνο', { type: 'tel', autoComplete: 'tel' })}
      {text('email', 'Email επικοινωνίας', {
        type: 'email',
        autoComplete: 'email',
        hint: 'Οι απαντήσεις των πελατών στα μηνύματα παραγγελιών έρχονται εδώ.',
      })}
    </FieldGroup>
  );
}

/** Where orders are picked up: shown at checkout, in the ready-for-pickup mail, on the order page. */
export function PickupFields(props: FieldsProps) {
  const { form, change, fieldId } = props;
  const switchId = fieldId('pickup.enabled');
  return (
    <FieldGroup title="Παραλαβή από το κατάστημα">
      <label htmlFor={switchId} className="flex min-h-11 items-center gap-3 sm:col-span-2">
        <input
          id={switchId}
          type="checkbox"
          checked={form.pickup.enabled}
          onChange={(event) => change('pickup', 'enabled', event.target.checked)}
          className="size-5"
        />
        Οι πελάτες μπορούν να παραλάβουν από το κατάστημα
      </label>
      <SettingsText {...props} group="pickup" name="address" label="Διεύθυνση παραλαβής" />
      <SettingsText {...props} group="pickup" name="hours" label="Ωράριο" />
      <SettingsText {...props} group="pickup" name="mapUrl" type="url" label="Σύνδεσμος χάρτη (https://…)" />
    </FieldGroup>
  );
}

/** What shipping costs; the 7 € minimum order stays as the spec has it. */
export function ShippingFields(props: FieldsProps) {
  return (
    <FieldGroup title="Αποστολή">
      <SettingsText
        {...props}
        group="shipping"
        name="courierFee"
        label="Κόστος αποστολής με courier (€)"
        inputMode="decimal"
        errorPath="shipping.courierFeeCents"
        required
      />
      <SettingsText
        {...props}
        group="shipping"
        name="freeShippingFrom"
        label="Δωρεάν αποστολή από (€)"
        inputMode="decimal"
        errorPath="shipping.freeShippingFromCents"
        hint="Αφήστε το κενό αν η αποστολή δεν είναι ποτέ δωρεάν."
      />
    </FieldGroup>
  );
}

/** When the overview calls a product low on stock. */
export function StockFields(props: FieldsProps) {
  return (
    <FieldGroup title="Απόθεμα">
      <SettingsText
        {...props}
        group="stock"
        name="lowStockThreshold"
        label="Όριο χαμηλού αποθέματος (τεμάχια)"
        inputMode="numeric"
        hint="Η επισκόπηση δείχνει τα προϊόντα με τόσα ή λιγότερα τεμάχια."
        required
      />
    </FieldGroup>
  );
}

/** Which hosts the catalogue CSV import fetches image URLs from (decision 090). */
export function CsvImageFields({ form, errors, fieldId, change }: FieldsProps) {
  const id = fieldId('csv.imageHosts');
  return (
    <FieldGroup title="Εικόνες από αρχεία CSV">
      <Field
        id={id}
        label="Διακομιστές εικόνων (ένας ανά γραμμή)"
        error={errors['csv.imageHosts']}
        describedBy={`${id}-hint`}
        className="sm:col-span-2"
      >
        {(control) => (
          <>
            <textarea
              {...control}
              name="csv.imageHosts"
              rows={3}
              spellCheck={false}
              autoCapitalize="none"
              value={form.csv.imageHosts}
              onChange={(event) => change('csv', 'imageHosts', event.target.value)}
              className="w-full rounded-md border border-line bg-paper px-3 py-2 text-base aria-invalid:border-danger"
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              Η εισαγωγή καταλόγου κατεβάζει εικόνες (Image Src) μόνο από αυτούς τους διακομιστές, μόνο μέσω
              https. Αφήστε το κενό για να μη κατεβαίνει καμία.
            </p>
          </>
        )}
      </Field>
    </FieldGroup>
  );
}

/** Where the shop is on social media: the footer's icons link here. */
export function SocialFields(props: FieldsProps) {
  const link = (name: string, label: string) => (
    <SettingsText {...props} group="social" name={name} label={label} type="url" />
  );
  return (
    <FieldGroup title="Κοινωνικά δίκτυα">
      {link('instagram', 'Instagram (https://…)')}
      {link('facebook', 'Facebook (https://…)')}
      {link('tiktok', 'TikTok (https://…)')}
    </FieldGroup>
  );
}
