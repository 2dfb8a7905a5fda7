import { type SubmitEvent, useEffect, useId, useState } from 'react';
import {
  type NewPassword,
  type NewPasswordErrors,
  newPasswordErrors,
  RESET_MESSAGES,
} from '../../domain/auth/password-reset.ts';
import { resetPassword } from '../../stores/password-reset.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';

const inputClass =
  'min-h-11 w-full rounded-md border border-line px-3 text-sm aria-invalid:border-danger focus-visible:border-ink';
const linkClass = 'font-semibold text-accent underline underline-offset-4 hover:text-accent-strong';

const EMPTY: NewPassword = { newPassword: '', confirmPassword: '' };
const FIELDS: Array<{ name: keyof NewPassword; label: string }> = [
  { name: 'newPassword', label: 'Νέος κωδικός (τουλάχιστον 12 χαρακτήρες)' },
  { name: 'confirmPassword', label: 'Επιβεβαίωση νέου κωδικού' },
];

/** Where a dead link sends the admin: the login page with its "forgotten password" form open. */
function AskAgain() {
  return (
    <a href="/admin-login#forgot" className={linkClass}>
      Ζητήστε νέο σύνδεσμο
    </a>
  );
}

/**
 * /admin-reset-password (decision 083): the new password twice, checked here with the password
 * change's rules and then on the server with the link's token. On success every session of the
 * account has ended, and the page sends the admin to sign in.
 */
export default function ResetPasswordForm({ token }: { token: string }) {
  const [form, setForm] = useState<NewPassword>(EMPTY);
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState('');
  const [linkFailed, setLinkFailed] = useState(token === '');
  const [done, setDone] = useState('');
  const [sending, setSending] = useState(false);
  // Until React runs, a submit would post the password nowhere useful: the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const found = newPasswordErrors(form);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setSending(true);
    const result = await resetPassword(token, form);
    setSending(false);
    if (result.ok) {
      setForm(EMPTY);
      setDone(result.message);
      return;
    }
    setErrors(result.fields);
    setLinkFailed(result.linkFailed);
    setFailure(Object.keys(result.fields).length > 0 ? '' : result.message);
  }

  // The status region is there from the start, so the success is read out when it appears.
  return (
    <div className="mx-auto grid w-full max-w-sm gap-4">
      <div
        role="status"
        className={done ? 'grid gap-3 rounded-card border border-line bg-mist p-5' : 'sr-only'}
      >
        {done ? (
          <>
            <p>{done}</p>
            <a href="/admin-login" className={linkClass}>
              Σύνδεση
            </a>
          </>
        ) : null}
      </div>
      {done ? null : linkFailed ? (
        <div className="grid gap-3 rounded-card border border-line p-5">
          <ErrorAlert message={failure || RESET_MESSAGES.linkMissing} />
          <AskAgain />
        </div>
      ) : (
        <NewPasswordFields
          form={form}
          errors={errors}
          failure={failure}
          busy={!ready || sending}
          sending={sending}
          onChange={setForm}
          onSubmit={submit}
        />
      )}
    </div>
  );
}

type FieldsProps = {
  form: NewPassword;
  errors: NewPasswordErrors;
  failure: string;
  busy: boolean;
  sending: boolean;
  onChange: (form: NewPassword) => void;
  onSubmit: (event: SubmitEvent) => void;
};

/** The form itself: the new password twice, and what the server or the rules said of it. */
function NewPasswordFields({ form, errors, failure, busy, sending, onChange, onSubmit }: FieldsProps) {
  const ids = useId();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Νέος κωδικός"
      className="grid gap-4 rounded-card border border-line p-5 shadow-card"
    >
      {FIELDS.map((field) => (
        <Field key={field.name} id={`${ids}-${field.name}`} label={field.label} error={errors[field.name]}>
          {(control) => (
            <input
              {...control}
              name={field.name}
              type="password"
              autoComplete="new-password"
              value={form[field.name]}
              onChange={(event) => onChange({ ...form, [field.name]: event.target.value })}
              className={inputClass}
            />
          )}
        </Field>
      ))}
      <ErrorAlert message={failure} small />
      <p className="text-sm text-muted">Με τον νέο κωδικό τερματίζονται όλες οι συνδέσεις του λογαριασμού.</p>
      <button
        type="submit"
        disabled={busy}
        className="flex min-h-11 w-full items-center justify-center rounded-full bg-accent font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
      >
        {sending ? 'Αποθήκευση...' : 'Ορισμός νέου κωδικού'}
      </button>
    </form>
  );
}
