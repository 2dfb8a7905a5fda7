/**
 * The dashboard's password change, checked the same way in the browser and on the server.
 * A password follows the same rule as ADMIN_PASSWORD: 12 to 1024 characters.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export const ACCOUNT_MESSAGES = {
  currentRequired: 'Συμπληρώστε τον τρέχοντα κωδικό.',
  currentWrong: 'Ο τρέχων κωδικός δεν είναι σωστός.',
  newTooShort: `Ο νέος κωδικός πρέπει να έχει τουλάχιστον ${PASSWORD_MIN_LENGTH} χαρακτήρες.`,
  newTooLong: `Ο νέος κωδικός μπορεί να έχει έως ${PASSWORD_MAX_LENGTH} χαρακτήρες.`,
  newSame: 'Ο νέος κωδικός πρέπει να διαφέρει από τον τρέχοντα.',
  mismatch: 'Οι δύο νέοι κωδικοί δεν ταιριάζουν.',
  invalid: 'Ελέγξτε τα πεδία της φόρμας.',
  changed: 'Ο κωδικός άλλαξε. Οι συνδέσεις σε άλλες συσκευές τερματίστηκαν.',
  sessionEnded: 'Η σύνδεση τερματίστηκε.',
  sessionNotFound: 'Η σύνδεση δεν βρέθηκε.',
  currentSession: 'Αυτή είναι η τρέχουσα σύνδεση: χρησιμοποιήστε την Αποσύνδεση.',
  firebasePasswordElsewhere:
    'Ο κωδικός αλλάζει από την κονσόλα του Firebase (λείπει το PUBLIC_FIREBASE_API_KEY).',
  othersEnded: (count: number) =>
    count === 0
      ? 'Δεν υπήρχαν άλλες ενεργές συνδέσεις.'
      : count === 1
        ? 'Τερματίστηκε 1 σύνδεση.'
        : `Τερματίστηκαν ${count} συνδέσεις.`,
} as const;

export type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordChangeErrors = Partial<Record<keyof PasswordChange, string>>;

/** Field -> message for the form; empty when the change may be sent. */
export function passwordChangeErrors(form: PasswordChange): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (form.currentPassword === '') errors.currentPassword = ACCOUNT_MESSAGES.currentRequired;
  const length = [...form.newPassword].length;
  if (length < PASSWORD_MIN_LENGTH) errors.newPassword = ACCOUNT_MESSAGES.newTooShort;
  else if (length > PASSWORD_MAX_LENGTH) errors.newPassword = ACCOUNT_MESSAGES.newTooLong;
  else if (form.newPassword === form.currentPassword) errors.newPassword = ACCOUNT_MESSAGES.newSame;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = ACCOUNT_MESSAGES.mismatch;
  return errors;
}

/** A browser's User-Agent in a few words a person recognises ("Chrome σε Android"). */
export function describeUserAgent(userAgent: string): string {
  if (userAgent.trim() === '') return 'Άγνωστη συσκευή';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? 'Πρόγραμμα περιήγησης';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  return system ? `${browser} σε ${system}` : String(browser);
}
