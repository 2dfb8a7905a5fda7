import type { SignInFailure } from './sign-in.ts';

/**
 * Greek user-facing texts (spec section 8). Texts the spec quotes are copied letter for letter;
 * the login texts whose wording the spec does not show are ours.
 */
export const LOGIN_MESSAGES: Record<SignInFailure, string> = {
  'invalid-credential': 'Λάθος email ή κωδικός. Προσπαθήστε ξανά.',
  'user-not-found': 'Δεν υπάρχει χρήστης με αυτό το email.',
  'wrong-password': 'Λάθος κωδικός πρόσβασης.',
  'too-many-requests': 'Πάρα πολλές αποτυχημένες προσπάθειες. Δοκιμάστε ξανά αργότερα.',
};

export const loginErrorMessage = (providerMessage: string) => `Σφάλμα σύνδεσης: ${providerMessage}`;

export const MESSAGES = {
  productNotFound: 'Το προϊόν δεν βρέθηκε',
  noProductsFound: 'Δεν βρέθηκαν προϊόντα.',
  loading: 'Φόρτωση...',
  soldOut: 'Εξαντλήθηκε',
  noPrice: 'Μη διαθέσιμη τιμή',
  minimumOrder: 'Minimum order amount is 7€. Please add more items.',
} as const;

/** Firebase Auth's error codes (spec section 8) and the login texts they show; others: 'Σφάλμα σύνδεσης: …'. */
const FIREBASE_LOGIN_CODES: Readonly<Record<string, SignInFailure>> = {
  'auth/invalid-credential': 'invalid-credential',
  // The name the same error had before Firebase's email-enumeration protection.
  'auth/invalid-login-credentials': 'invalid-credential',
  'auth/user-not-found': 'user-not-found',
  'auth/wrong-password': 'wrong-password',
  'auth/too-many-requests': 'too-many-requests',
};

export function firebaseLoginMessage(code: string, providerMessage: string): string {
  const failure = FIREBASE_LOGIN_CODES[code];
  return failure ? LOGIN_MESSAGES[failure] : loginErrorMessage(providerMessage);
}

/** A Firebase account that signed in but is not marked as the shop's admin (decision 011). */
export const NOT_AN_ADMIN_MESSAGE = 'Αυτός ο λογαριασμός δεν είναι διαχειριστής του καταστήματος.';
