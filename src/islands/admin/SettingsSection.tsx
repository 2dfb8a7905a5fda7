import { type SubmitEvent, useEffect, useId, useState } from 'react';
import {
  readSettingsForm,
  type SettingsErrors,
  type SettingsForm,
  toSettingsForm,
} from '../../domain/settings/settings-form.ts';
import { SETTINGS_MESSAGES } from '../../domain/settings/shop-settings.ts';
import { getSettings, saveSettings } from '../../stores/admin-api.ts';
import { showSuccess } from '../../stores/admin-success.ts';
import PaymentFields from './PaymentFields.tsx';
import {
  CsvImageFields,
  type FieldsProps,
  IdentityFields,
  PickupFields,
  ShippingFields,
  SocialFields,
  StockFields,
} from './SettingsFields.tsx';
import TestMail from './TestMail.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';
import { primaryButton } from './ui/styles.ts';

/**
 * The shop's settings (decision 081): who it is, the payments it takes and its bank accounts, the
 * pickup point, shipping, social links, the hosts a CSV import's images come from (decision 090).
 * Checked here by the server's own schema, then saved whole; the pages that show them are rebuilt.
 * A test mail checks the mail service.
 */
export default function SettingsSection() {
  const ids = useId();
  const fieldId = (path: string) => `${ids}-${path.replaceAll('.', '-')}`;
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || form) return;
    void getSettings().then((result) => {
      if (result.ok) setForm(toSettingsForm(result.data.settings));
      else setFailure(`Αποτυχία φόρτωσης ρυθμίσεων: ${result.error.message}`);
    });
  }, [open, form]);

  /** Shows the errors and takes the owner to the first of them. */
  function refuse(found: SettingsErrors, message: string) {
    setErrors(found);
    setFailure(message);
    const first = Object.keys(found)[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form) return;
    const read = readSettingsForm(form);
    if (!read.ok) {
      refuse(read.errors, SETTINGS_MESSAGES.invalid);
      return;
    }
    setSaving(true);
    const result = await saveSettings(read.settings);
    setSaving(false);
    if (!result.ok) {
      refuse(result.error.fields, result.error.message);
      return;
    }
    setErrors({});
    setFailure(null);
    setForm(toSettingsForm(result.data.settings));
    showSuccess(SETTINGS_MESSAGES.saved);
  }

  const change: FieldsProps['change'] = (group, key, value) =>
    setForm((current) => current && { ...current, [group]: { ...current[group], [key]: value } });
  const props = form && { form, errors, fieldId, change };

  return (
    <Section title={<span>Ρυθμίσεις καταστήματος</span>} open={open} onToggle={setOpen}>
      {!form && !failure ? <p className="text-muted">Φόρτωση ρυθμίσεων...</p> : null}
      {props ? (
        <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Ρυθμίσεις καταστήματος">
          <IdentityFields {...props} />
          <PaymentFields
            {...props}
            setPayments={(payments) => setForm({ ...props.form, payments })}
            setAccounts={(bankAccounts) => setForm({ ...props.form, bankAccounts })}
          />
          <ShippingFields {...props} />
          <StockFields {...props} />
          <PickupFields {...props} />
          <SocialFields {...props} />
          <CsvImageFields {...props} />
          <ErrorAlert message={failure} small />
          <p className="text-sm text-muted">
            Οι σελίδες του καταστήματος που δείχνουν τις ρυθμίσεις ενημερώνονται μόνες τους μετά την
            αποθήκευση.
          </p>
          <button type="submit" disabled={saving} className={`${primaryButton} justify-self-start`}>
            {saving ? 'Αποθήκευση...' : 'Αποθήκευση ρυθμίσεων'}
          </button>
        </form>
      ) : (
        <ErrorAlert message={failure} small />
      )}
      <TestMail />
    </Section>
  );
}
