import { type FormEvent, useId, useState } from 'react';
import {
  type PasswordChange,
  type PasswordChangeErrors,
  passwordChangeErrors,
} from '../../domain/admin/account-form.ts';
import { changePassword } from '../../stores/admin-api.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';

const inputClass = 'min-h-11 w-full rounded-md border border-line bg-paper px-3';

const EMPTY_FORM: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: Array<{ name: keyof PasswordChange; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Τρέχων κωδικός', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Νέος κωδικός (τουλάχιστον 12 χαρακτήρες)', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Επιβεβαίωση νέου κωδικού', autoComplete: 'new-password' },
];

/** The password change: the current one is required, checked here first and then on the server. */
export default function PasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const ids = useId();
  const [form, setForm] = useState<PasswordChange>(EMPTY_FORM);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordChangeErrors(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const result = await changePassword(form);
    setSending(false);
    if (result.ok) {
      setForm(EMPTY_FORM);
      onChanged(result.data.message);
      return;
    }
    setErrors(result.error.fields as PasswordChangeErrors);
    setFailure(result.error.fields.currentPassword ? null : result.error.message);
  }

  return (
    <form noValidate onSubmit={submit} className="grid max-w-md gap-3" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="font-semibold">
        Αλλαγή κωδικού
      </h3>
      {FIELDS.map((field) => (
        <Field key={field.name} id={`${ids}-${field.name}`} label={field.label} error={errors[field.name]}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
              className={inputClass}
            />
          )}
        </Field>
      ))}
      <ErrorAlert message={failure} small />
      <p className="text-sm text-muted">Μετά την αλλαγή, οι συνδέσεις σε άλλες συσκευές τερματίζονται.</p>
      <button
        type="submit"
        disabled={sending}
        className="min-h-11 rounded-full bg-accent px-5 font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
      >
        {sending ? 'Αλλαγή...' : 'Αλλαγή κωδικού'}
      </button>
    </form>
  );
}
