import { type ChangeEvent, type ReactNode, type SubmitEvent, useEffect, useRef, useState } from 'react';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactErrors } from '../domain/contact/contact-form.ts';
import { callApi } from '../stores/api.ts';

type Values = { name: string; email: string; message: string; website: string };
type Field = 'name' | 'email' | 'message';

const EMPTY: Values = { name: '', email: '', message: '', website: '' };

/** The contact form: checked here and again on the server, which stores every message before mailing it. */
export default function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // When the form became usable: the server treats a form sent within 3 s as a script.
  const openedAt = useRef(0);

  // Until the island runs, the button stays disabled: a plain HTML submit would put the message in the URL.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    openedAt.current = Date.now();
    setReady(true);
  }, []);

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const found = contactErrors(values);
    setErrors(found);
    setNotice(null);
    const first = (['name', 'email', 'message'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSending(true);
    // The server takes a post within 3 s of opening the page for a script's and drops it while
    // answering "sent". A person that quick (a pasted message) waits out the rest here instead.
    const early = CONTACT_LIMITS.minFillMs - (Date.now() - openedAt.current);
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early + 50));
    const result = await callApi<{ ok: true; message: string }>('POST', '/api/contact', {
      ...values,
      elapsedMs: Date.now() - openedAt.current,
    });
    setSending(false);
    if (result.ok) {
      setValues(EMPTY);
      openedAt.current = Date.now();
      setNotice({ kind: 'success', text: CONTACT_MESSAGES.sent });
      return;
    }
    setErrors(result.error.fields);
    const tooMany = result.error.kind === 'rate_limited';
    setNotice({ kind: 'error', text: tooMany ? result.error.message : CONTACT_MESSAGES.failed });
  }

  const field = (name: Field, label: string, input: (props: InputProps) => ReactNode) => {
    const id = `contact-${name}`;
    const error = errors[name];
    return (
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label} <span aria-hidden="true">*</span>
        </label>
        {input({
          id,
          name,
          value: values[name],
          onChange: set(name),
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        {error && (
          <p id={`${id}-error`} className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  };

  const inputClass =
    'min-h-11 rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4" aria-label="Φόρμα επικοινωνίας">
      {field('name', 'Όνομα', (props) => (
        <input
          {...props}
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          className={inputClass}
        />
      ))}
      {field('email', 'Email', (props) => (
        <input
          {...props}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CONTACT_LIMITS.email}
          className={inputClass}
        />
      ))}
      {field('message', 'Μήνυμα', (props) => (
        <textarea {...props} rows={6} maxLength={CONTACT_LIMITS.message} className={`${inputClass} py-2`} />
      ))}
      {/* Honeypot: hidden from sight, skipped by Tab; people leave it empty, form-filling scripts do not. */}
      <div className="sr-only">
        <label htmlFor="contact-website">Αφήστε αυτό το πεδίο κενό</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      <div aria-live="polite">
        {notice && (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`rounded-md px-3 py-2 text-sm font-semibold ${
              notice.kind === 'success' ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger'
            }`}
          >
            {notice.text}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={!ready || sending}
        className="flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-bold text-paper hover:bg-accent-strong disabled:opacity-50 sm:w-fit"
      >
        {sending ? 'Αποστολή...' : 'Αποστολή'}
      </button>
    </form>
  );
}

type InputProps = {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};
