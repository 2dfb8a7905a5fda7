import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../admin/account-form.ts';

/**
 * "Forgotten password" for the admin sign-in (decision 083): a link mailed to the admin, valid for
 * a while and once, and the form that sets the new password with it. Shared by the server, which
 * checks, and the browser, which checks first.
 */

/** The page a reset link opens (its token in the query). */
export const RESET_PAGE = '/admin-reset-password';

/** How long a reset link works after it was asked for. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

export const RESET_MESSAGES = {
  /** The one answer to every accepted request, whether or not the email is an admin's. */
  requested:
    'Αν το email αντιστοιχεί σε λογαριασμό διαχειριστή, θα λάβετε σε λίγα λεπτά έναν σύνδεσμο για νέο κωδικό. Ο σύνδεσμος ισχύει 30 λεπτά.',
  emailRequired: 'Το email είναι υποχρεωτικό.',
  emailInvalid: 'Συμπληρώστε ένα έγκυρο email.',
  tooMany: 'Πάρα πολλά αιτήματα για νέο κωδικό. Δοκιμάστε ξανά σε λίγα λεπτά.',
  linkMissing:
    'Ο σύνδεσμος δεν είναι πλήρης. Ανοίξτε τον ακριβώς όπως ήρθε στο email ή ζητήστε νέο από τη σελίδα σύνδεσης.',
  linkUnknown: 'Ο σύνδεσμος δεν είναι έγκυρος. Ζητήστε νέο από τη σελίδα σύνδεσης.',
  linkUsed: 'Ο σύνδεσμος έχει ήδη χρησιμοποιηθεί. Αν χρειάζεστε νέο κωδικό, ζητήστε νέο σύνδεσμο.',
  linkExpired: 'Ο σύνδεσμος έληξε (ισχύει 30 λεπτά). Ζητήστε νέο από τη σελίδα σύνδεσης.',
  firebaseLink:
    'Ο κωδικός αλλάζει από τον σύνδεσμο του email που στέλνει το Firebase, όχι από αυτή τη σελίδα.',
  firebaseUnavailable: 'Ο κωδικός αλλάζει από την κονσόλα του Firebase (λείπει το PUBLIC_FIREBASE_API_KEY).',
  done: 'Ο κωδικός άλλαξε. Όλες οι συνδέσεις του λογαριασμού τερματίστηκαν· συνδεθείτε με τον νέο κωδικό.',
} as const;

/** POST /api/session/forgot: who forgot. */
export const forgotRequestSchema = z.object({
  email: z
    .string({ error: RESET_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: RESET_MESSAGES.emailRequired })
    .max(254, { error: RESET_MESSAGES.emailInvalid })
    .pipe(z.email({ error: RESET_MESSAGES.emailInvalid })),
});

// Loose on purpose: the form's rules below answer with the form's messages.
const text = z.string().max(4096).default('');
/** POST /api/session/reset: the link's token and the new password twice. */
export const resetRequestSchema = z.object({
  token: z.string().max(200).default(''),
  newPassword: text,
  confirmPassword: text,
});

export type NewPassword = { newPassword: string; confirmPassword: string };
export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** The password change's rules (account-form.ts) without the current password: field -> message. */
export function newPasswordErrors(form: NewPassword): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const length = [...form.newPassword].length;
  if (length < PASSWORD_MIN_LENGTH) errors.newPassword = ACCOUNT_MESSAGES.newTooShort;
  else if (length > PASSWORD_MAX_LENGTH) errors.newPassword = ACCOUNT_MESSAGES.newTooLong;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = ACCOUNT_MESSAGES.mismatch;
  return errors;
}

/** The login form's email check, for the request form in the browser. */
export function forgotEmailError(email: string): string | undefined {
  if (email.trim() === '') return RESET_MESSAGES.emailRequired;
  return forgotRequestSchema.safeParse({ email }).success ? undefined : RESET_MESSAGES.emailInvalid;
}
