import type { SignInFailure } from '../ports/auth.ts';

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
