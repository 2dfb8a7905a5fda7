import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import {
  describeUserAgent,
  type PasswordChange,
  type PasswordChangeErrors,
  passwordChangeErrors,
} from '../../domain/admin/account-form.ts';
import {
  type AccountOverview,
  changePassword,
  endOtherSessions,
  endSession,
  loadAccount,
} from '../../stores/admin-api.ts';

const dateTime = new Intl.DateTimeFormat('el-GR', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line px-3 text-sm font-semibold hover:bg-mist disabled:opacity-50';
const inputClass = 'min-h-11 w-full rounded-md border border-line bg-paper px-3';

const EMPTY_FORM: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: Array<{ name: keyof PasswordChange; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Τρέχων κωδικός', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Νέος κωδικός (τουλάχιστον 12 χαρακτήρες)', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Επιβεβαίωση νέου κωδικού', autoComplete: 'new-password' },
];

/**
 * The admin's account: change the password (the current one is required; every other session
 * ends), see the sessions signed in now and end any of them, and read the latest sign-ins.
 */
export default function AccountSection({ onSuccess }: { onSuccess: (message: string) => void }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [account, setAccount] = useState<AccountOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const result = await loadAccount();
    if (!result.ok) {
      setError(`Αποτυχία φόρτωσης λογαριασμού: ${result.error.message}`);
      return;
    }
    setError(null);
    setAccount(result.data);
  }, []);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  async function end(id: string | null) {
    setBusy(id ?? 'others');
    const result = id === null ? await endOtherSessions() : await endSession(id);
    setBusy(null);
    if (result.ok) onSuccess(result.data.message);
    else setError(result.error.message);
    await reload();
  }

  const bodyId = `${ids}-body`;
  const others = account?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-card border border-line p-4 shadow-card">
      <h2 id={`${ids}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 text-left"
        >
          <span>Λογαριασμός και ασφάλεια</span>
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </button>
      </h2>

      <div id={bodyId} hidden={!open} className="mt-4 grid gap-8">
        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}
        <PasswordForm
          onChanged={(message) => {
            onSuccess(message);
            void reload();
          }}
        />

        <div className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">Ενεργές συνδέσεις</h3>
            <button
              type="button"
              className={buttonClass}
              disabled={others === 0 || busy !== null}
              onClick={() => void end(null)}
            >
              Τερματισμός όλων των άλλων
            </button>
          </div>
          {!account && !error && <p aria-busy="true">Φόρτωση...</p>}
          {account && (
            <ul className="grid gap-2" aria-label="Ενεργές συνδέσεις">
              {account.sessions.map((session) => (
                <li
                  key={session.id}
                  data-testid="admin-session"
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-line px-3 py-2 text-sm"
                >
                  <span className="font-semibold">{describeUserAgent(session.userAgent)}</span>
                  <span className="text-muted">{session.ip || '—'}</span>
                  <span className="text-muted">Σύνδεση: {when(session.createdAt)}</span>
                  <span className="text-muted">Τελευταία χρήση: {when(session.lastSeenAt)}</span>
                  <span className="ml-auto">
                    {session.current ? (
                      <span className="rounded-full bg-mist px-2 py-0.5 font-semibold">Αυτή η συσκευή</span>
                    ) : (
                      <button
                        type="button"
                        className={buttonClass}
                        disabled={busy !== null}
                        onClick={() => void end(session.id)}
                      >
                        Τερματισμός
                      </button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>

        {account && (
          <div className="grid gap-3">
            <h3 className="font-semibold">Τελευταίες συνδέσεις</h3>
            {account.signIns.length === 0 ? (
              <p className="text-muted">Δεν υπάρχουν συνδέσεις.</p>
            ) : (
              <ul className="grid gap-1 text-sm" aria-label="Τελευταίες συνδέσεις">
                {account.signIns.map((signIn) => (
                  <li key={signIn.id} data-testid="admin-sign-in" className="flex flex-wrap gap-x-4">
                    <span>{when(signIn.at)}</span>
                    <span className={signIn.succeeded ? 'text-success' : 'font-semibold text-danger'}>
                      {signIn.succeeded ? 'Επιτυχής' : 'Αποτυχημένη'}
                    </span>
                    <span className="text-muted">{signIn.ip}</span>
                    <span className="text-muted">{describeUserAgent(signIn.userAgent)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function PasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
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
      {FIELDS.map((field) => {
        const id = `${ids}-${field.name}`;
        const message = errors[field.name];
        return (
          <div key={field.name} className="grid gap-1">
            <label htmlFor={id} className="text-sm font-semibold">
              {field.label}
            </label>
            <input
              id={id}
              type="password"
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              className={inputClass}
            />
            {message && (
              <p id={`${id}-error`} className="text-sm font-semibold text-danger">
                {message}
              </p>
            )}
          </div>
        );
      })}
      {failure && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {failure}
        </p>
      )}
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
