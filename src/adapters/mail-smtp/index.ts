import { loadSdk } from '../load-sdk.ts';
import { MailDeliveryError, type MailTransport } from '../mail-outbox/transport.ts';

export type SmtpOptions = {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  /** Connect, greeting and idle limit per step. A stuck server must not hold the outbox worker. */
  timeoutMs?: number | undefined;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** Delivers outbox messages through an SMTP server; any refusal or network error rejects. */
export function createSmtpTransport(options: SmtpOptions): MailTransport {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { createTransport } = loadSdk<typeof import('nodemailer')>('nodemailer');
  const transporter = createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    // Servers that relay without a login (a local Postfix) reject an AUTH they did not offer.
    ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });

  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          // The same on a second attempt after a crash, so a mailbox that has it shows it once.
          messageId: mail.messageId,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        });
      } catch (error) {
        // 5xx is the server's final word (no such mailbox, relaying denied); 4xx and network
        // errors pass, so they are retried.
        const code = (error as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600)
          throw new MailDeliveryError((error as Error).message, { permanent: true });
        throw error;
      }
    },
  };
}
