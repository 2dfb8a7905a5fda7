import { parseAddress } from '../../domain/mail/address.ts';
import type { OutgoingMail } from '../../domain/mail/outgoing-mail.ts';
import { MailDeliveryError, type MailTransport } from '../mail-outbox/transport.ts';

export type EmailJsOptions = {
  serviceId: string;
  templateId: string;
  /** The account's public key (EmailJS's user_id). */
  publicKey: string;
  /** The account's private key (EmailJS's accessToken): it authorises calls from a server. */
  privateKey: string;
  /** https://api.emailjs.com; a local recorder in tests. */
  origin: string;
  /** How long one call may take before it counts as a passing failure. */
  timeoutMs?: number;
  /** EmailJS allows one request per second; sends are spaced at least this far apart. */
  minIntervalMs?: number;
};

/** The variables every message gives the EmailJS template (listed in the README). */
export type EmailJsTemplateParams = {
  to_email: string;
  reply_to: string;
  from_name: string;
  from_email: string;
  subject: string;
  message: string;
  message_html: string;
  kind: OutgoingMail['kind'];
};

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MIN_INTERVAL_MS = 1_000;
/** Without a Retry-After header, a 429 waits at least this long. */
const RATE_LIMIT_WAIT_MS = 60_000;

/**
 * Delivers outbox messages through EmailJS's REST API (POST /api/v1.0/email/send), from the
 * server only: the keys never reach a browser (decision 012). Answers: 200 delivered; 429 and
 * 5xx (and timeouts, network errors) pass and are retried with backoff; any other 4xx (400 bad
 * request or template, 403 key refused or API calls from servers not allowed) cannot succeed by
 * trying again and is marked failed at once, with EmailJS's own words.
 */
export function createEmailJsTransport(options: EmailJsOptions): MailTransport {
  const url = new URL('/api/v1.0/email/send', options.origin).href;
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const interval = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  let nextSlot = 0;

  async function paced(): Promise<void> {
    const wait = nextSlot - Date.now();
    nextSlot = Math.max(Date.now(), nextSlot) + interval;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  return {
    async send(mail) {
      await paced();
      const sender = parseAddress(mail.from);
      const template_params: EmailJsTemplateParams = {
        to_email: mail.to,
        reply_to: mail.replyTo ?? sender.email,
        from_name: sender.name,
        from_email: sender.email,
        subject: mail.subject,
        message: mail.text,
        message_html: mail.html ?? '',
        kind: mail.kind,
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          service_id: options.serviceId,
          template_id: options.templateId,
          user_id: options.publicKey,
          accessToken: options.privateKey,
          template_params,
        }),
        signal: AbortSignal.timeout(timeout),
      });
      if (response.ok) return;
      const said = (await response.text().catch(() => '')).trim().slice(0, 300);
      const message = `EmailJS ${response.status}${said ? `: ${said}` : ''}`;
      if (response.status === 429)
        throw new MailDeliveryError(message, {
          permanent: false,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? RATE_LIMIT_WAIT_MS,
        });
      if (response.status >= 500) throw new MailDeliveryError(message, { permanent: false });
      throw new MailDeliveryError(message, { permanent: true });
    },
  };
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
