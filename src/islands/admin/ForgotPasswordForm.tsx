import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { forgotEmailError } from '../../domain/auth/password-reset.ts';
import { requestPasswordReset } from '../../stores/password-reset.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';

const fieldClass =
  'min-h-11 w-full rounded-md border border-line px-3 text-sm aria-invalid:border-danger focus-visible:border-ink';

/**
 * «Ξεχάσατε τον κωδικό;» under the login form (decision 083): a small email form, then the answer
 * the server gives for every email, so the page never tells who is an admin. Opens by itself when
 * the page is reached as /admin-login#forgot (the reset page's "ask for a new link").
 */
export default function ForgotPasswordForm() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);
  // Until React runs, the button could not open anything: it waits for it.
  const [ready, setReady] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setReady(true);
    if (window.location.hash === '#forgot') setOpen(true);
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const found = forgotEmailError(email);
    setError(found);
    setFailure('');
    if (found) return emailRef.current?.focus();
    setSending(true);
    const result = await requestPasswordReset(email);
    setSending(false);
    if (result.ok) setAnswer(result.message);
    else setFailure(result.message);
  }

  return (
    <div id="forgot" className="mx-auto mt-4 grid w-full max-w-sm gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        disabled={!ready}
        onClick={() => setOpen(!open)}
        className="min-h-11 justify-self-center rounded-md px-2 text-sm font-semibold text-accent underline underline-offset-4 hover:text-accent-strong disabled:opacity-50"
      >
        Ξεχάσατε τον κωδικό;
      </button>
      {/* Rendered only while open, so the login form's own fields stay the page's only ones. */}
      <div id={`${ids}-panel`} hidden={!open}>
        {open ? (
          <p
            role="status"
            className={answer ? 'rounded-card border border-line bg-mist p-4 text-sm' : 'sr-only'}
          >
            {answer}
          </p>
        ) : null}
        {!open || answer ? null : (
          <form
            noValidate
            onSubmit={submit}
            aria-labelledby={`${ids}-title`}
            className="grid gap-3 rounded-card border border-line p-5 shadow-card"
          >
            <h2 id={`${ids}-title`} className="font-bold">
              Νέος κωδικός
            </h2>
            <p className="text-sm text-muted">
              Γράψτε το email του λογαριασμού διαχειριστή. Θα σας στείλουμε έναν σύνδεσμο για να ορίσετε νέο
              κωδικό.
            </p>
            <Field id={`${ids}-email`} label="Email λογαριασμού" error={error}>
              {(control) => (
                <input
                  {...control}
                  ref={emailRef}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  className={fieldClass}
                />
              )}
            </Field>
            <ErrorAlert message={failure} small />
            <button
              type="submit"
              disabled={sending}
              className="min-h-11 rounded-full border border-ink px-5 font-bold hover:bg-mist disabled:opacity-50"
            >
              {sending ? 'Αποστολή...' : 'Αποστολή συνδέσμου'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
