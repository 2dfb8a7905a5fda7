import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import {
  STOCK_ALERT_LIMITS,
  STOCK_ALERT_MESSAGES,
  type StockAlertErrors,
  stockAlertErrors,
} from '../domain/stock-alerts/stock-alert-form.ts';
import { callApi } from '../stores/api.ts';

type Props = { productId: string };

/**
 * A sold-out product page's «Ενημερώστε με όταν είναι διαθέσιμο» (decision 087): a button that
 * opens a small form, an email and an explicit consent, checked here and again on the server.
 * Whatever the server knew of the address, the answer is the same: look for our mail.
 */
export default function StockAlertForm({ productId }: Props) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<StockAlertErrors>({});
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // Until the island runs the button stays disabled: without it there is no form to open.
  const [ready, setReady] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (open) emailField.current?.focus();
  }, [open]);
  // Success removes the focused submit button: focus goes to the notice, not to the page's start.
  useEffect(() => {
    if (notice?.kind === 'success') noticeRef.current?.focus();
  }, [notice]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const found = stockAlertErrors({ email, consent });
    setErrors(found);
    setNotice(null);
    if (found.email || found.consent) {
      document.getElementById(found.email ? `${ids}-email` : `${ids}-consent`)?.focus();
      return;
    }
    setSending(true);
    const result = await callApi<{ ok: true; message: string }>('POST', '/api/stock-alerts', {
      productId,
      email: email.trim(),
      consent,
    });
    setSending(false);
    if (result.ok) {
      setNotice({ kind: 'success', text: result.data.message });
      return;
    }
    setErrors(result.error.fields);
    setNotice({ kind: 'error', text: result.error.message || STOCK_ALERT_MESSAGES.failed });
  }

  const done = notice?.kind === 'success';
  const field =
    'min-h-11 w-full rounded-md border border-line bg-paper px-3 text-base aria-invalid:border-danger';
  return (
    <div className="grid gap-3" data-testid="stock-alert">
      <button
        type="button"
        disabled={!ready}
        aria-expanded={open}
        aria-controls={`${ids}-form`}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-full border-2 border-accent px-6 font-bold text-accent-strong hover:bg-mist disabled:opacity-50 sm:w-fit"
      >
        {STOCK_ALERT_MESSAGES.open}
      </button>
      {open && (
        <form
          id={`${ids}-form`}
          noValidate
          onSubmit={submit}
          aria-label="Ειδοποίηση διαθεσιμότητας"
          className="grid max-w-md gap-3 rounded-card border border-line p-4"
        >
          {!done && (
            <>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-email`} className="text-sm font-semibold">
                  Email
                </label>
                <input
                  ref={emailField}
                  id={`${ids}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={STOCK_ALERT_LIMITS.email}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? `${ids}-email-error` : undefined}
                  className={field}
                />
                {errors.email && (
                  <p id={`${ids}-email-error`} className="text-sm text-danger">
                    {errors.email}
                  </p>
                )}
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-consent`} className="flex items-start gap-3 text-sm">
                  <input
                    id={`${ids}-consent`}
                    name="consent"
                    type="checkbox"
                    checked={consent}
                    onChange={(event) => setConsent(event.target.checked)}
                    aria-invalid={errors.consent ? true : undefined}
                    aria-describedby={errors.consent ? `${ids}-consent-error` : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-accent"
                  />
                  <span>{STOCK_ALERT_MESSAGES.consent}</span>
                </label>
                {errors.consent && (
                  <p id={`${ids}-consent-error`} className="text-sm text-danger">
                    {errors.consent}
                  </p>
                )}
              </div>
            </>
          )}
          <div aria-live="polite">
            {notice && (
              <p
                ref={noticeRef}
                tabIndex={-1}
                role={notice.kind === 'error' ? 'alert' : 'status'}
                className={`rounded-md px-3 py-2 text-sm font-semibold ${
                  notice.kind === 'success'
                    ? 'border border-success text-success'
                    : 'border border-danger text-danger'
                }`}
              >
                {notice.text}
              </p>
            )}
          </div>
          {!done && (
            <button
              type="submit"
              disabled={sending}
              className="flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-bold text-paper hover:bg-accent-strong disabled:opacity-50 sm:w-fit"
            >
              {sending ? STOCK_ALERT_MESSAGES.sending : STOCK_ALERT_MESSAGES.submit}
            </button>
          )}
        </form>
      )}
    </div>
  );
}
