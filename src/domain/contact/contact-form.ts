// zod/mini: the same checks as full zod in a fraction of the bytes, since this ships to the browser.
import { z } from 'zod/mini';
import { multiLine, singleLine } from '../text/plain-text.ts';

/** The contact form (spec sections 2, 5 and 8), checked the same way in the browser and on the server. */
export const CONTACT_MESSAGES = {
  sent: 'Το μήνυμα στάλθηκε επιτυχώς!',
  failed: 'Κάτι πήγε στραβά. Προσπάθησε ξανά.',
  tooMany: 'Πάρα πολλά μηνύματα. Δοκιμάστε ξανά σε λίγα λεπτά.',
  invalid: 'Ελέγξτε τα πεδία της φόρμας.',
} as const;

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  message: 5000,
  /** The whole JSON request; a full form with Greek text (2 bytes a letter) stays well under it. */
  bodyBytes: 16 * 1024,
  /** A person needs longer than this to fill three fields; scripts post at once. */
  minFillMs: 3000,
} as const;

/** A required text, cleaned by `clean` (./plain-text.ts: the fields reach the owner's mail) and trimmed. */
const required = (
  max: number,
  missing: string,
  tooLong: string,
  clean: (value: string) => string = singleLine,
) =>
  z
    .string({ error: missing })
    .check(
      z.overwrite(clean),
      z.trim(),
      z.minLength(1, { error: missing }),
      z.maxLength(max, { error: tooLong }),
    );

export const contactFormSchema = z.object({
  name: required(
    CONTACT_LIMITS.name,
    'Το όνομα είναι υποχρεωτικό.',
    `Το όνομα μπορεί να έχει έως ${CONTACT_LIMITS.name} χαρακτήρες.`,
  ),
  email: z.pipe(
    required(CONTACT_LIMITS.email, 'Το email είναι υποχρεωτικό.', 'Συμπληρώστε ένα έγκυρο email.'),
    z.email({ error: 'Συμπληρώστε ένα έγκυρο email.' }),
  ),
  message: required(
    CONTACT_LIMITS.message,
    'Το μήνυμα είναι υποχρεωτικό.',
    `Το μήνυμα μπορεί να έχει έως ${CONTACT_LIMITS.message} χαρακτήρες.`,
    multiLine,
  ),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Field -> first message, for inline errors; empty when the form may be sent. */
export function contactErrors(input: unknown): Record<string, string> {
  const result = z.safeParse(contactFormSchema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'form'] ??= issue.message;
  return fields;
}

/** What the island sends: the fields, the honeypot and how long the form was open. */
export type ContactRequest = ContactForm & { website: string; elapsedMs: number };

/** A filled honeypot or a form sent faster than a person could type: a script, not a shopper. */
export function looksLikeSpam({
  website,
  elapsedMs,
}: Pick<ContactRequest, 'website' | 'elapsedMs'>): boolean {
  return website.trim() !== '' || !(elapsedMs >= CONTACT_LIMITS.minFillMs);
}

/** The owner's copy of a message, sent to the shop's email (its settings) with Reply-To set to the sender. */
export function contactMail({ name, email, message }: ContactForm): { subject: string; text: string } {
  // The subject is a mail header: line breaks in a name must not reach it.
  const oneLine = singleLine(name);
  return {
    subject: `Νέο μήνυμα επικοινωνίας από ${oneLine}`,
    text: `Όνομα: ${oneLine}\nEmail: ${email}\n\n${message}\n`,
  };
}

const QUOTE_LIMIT = 1500;

/** A mailto: link that answers a message, quoting it (shortened, so the link stays usable). */
export function replyHref({ email, message }: Pick<ContactForm, 'email' | 'message'>): string {
  const subject = 'Re: Το μήνυμά σας από τη φόρμα επικοινωνίας';
  const quoted = message.length > QUOTE_LIMIT ? `${message.slice(0, QUOTE_LIMIT)}…` : message;
  const body = `\n\n${quoted
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')}`;
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
