import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { returnPathOf } from '../../domain/admin/return-path.ts';
import {
  type CredentialErrors,
  type Credentials,
  credentialErrors,
  loadSession,
  signIn,
} from '../../stores/session.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';

const fieldClass =
  'min-h-11 w-full rounded-md border border-line px-3 text-sm aria-invalid:border-danger focus-visible:border-ink';

/**
 * /admin-login (spec sections 2, 4, 5): email and password, checked here and on the server. Signed
 * in, the admin goes on to the dashboard address asked for (`?next=`, dashboard paths only).
 */
export default function LoginForm() {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Until React runs, a submit would post the password nowhere useful: the button waits for it.
  const [ready, setReady] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setReady(true);
    void loadSession().then((state) => {
      if (state.status === 'signed-in') window.location.replace(returnPathOf(window.location.search));
    });
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = credentialErrors(values);
    setErrors(found);
    setFailure('');
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    const result = await signIn(values);
    if (result.ok) {
      window.location.replace(returnPathOf(window.location.search));
      return;
    }
    setSubmitting(false);
    setFailure(result.message);
  }

  const set = (field: keyof Credentials) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      className="mx-auto grid w-full max-w-sm gap-4 rounded-card border border-line p-5 shadow-card"
    >
      <Field id="login-email" label="Email" error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            value={values.email}
            onChange={set('email')}
            className={fieldClass}
          />
        )}
      </Field>
      <Field id="login-password" label="Κωδικός πρόσβασης" error={errors.password}>
        {(control) => (
          <input
            {...control}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={set('password')}
            className={fieldClass}
          />
        )}
      </Field>
      <ErrorAlert message={failure} small />
      <button
        type="submit"
        disabled={!ready || submitting}
        className="flex min-h-11 w-full items-center justify-center rounded-full bg-accent font-bold text-paper hover:bg-accent-strong disabled:opacity-50"
      >
        {submitting ? 'Σύνδεση...' : 'Σύνδεση'}
      </button>
    </form>
  );
}
