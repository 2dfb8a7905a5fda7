import { isInStock } from '../catalog/product-page.ts';

/**
 * A back-in-stock subscription's life (decision 087): asked for (pending) until its mailed link
 * confirms it, then waiting (confirmed) until the card is in stock again, when it gets its one
 * mail (notified) and is forgotten soon after.
 */
export type StockAlertStatus = 'pending' | 'confirmed' | 'notified';

/** The pages the mailed links open (their token in the query). */
export const CONFIRM_PAGE = '/stock-alerts/confirm';
export const UNSUBSCRIBE_PAGE = '/stock-alerts/unsubscribe';

const HOUR_MS = 3_600_000;
/** A confirmation link works this long; an unconfirmed subscription is deleted after it. */
export const CONFIRM_LINK_TTL_MS = 48 * HOUR_MS;
/** A notified subscription is kept this long (its mail's link can still delete it), then deleted. */
export const NOTIFIED_KEEP_MS = 7 * 24 * HOUR_MS;
/** Any subscription this old is deleted, the card back or not: the consent said 6 months. */
export const MAX_AGE_MS = 183 * 24 * HOUR_MS;

/** What a confirmation link did, as its page says it. */
export type ConfirmOutcome = 'confirmed' | 'notified' | 'expired' | 'unknown';

/** What the owner sees: waiting (confirmed) subscriptions, over all and for the most wanted cards. */
export type StockAlertSummary = {
  waiting: number;
  products: Array<{ productId: string; waiting: number }>;
};

/**
 * Whether waiting subscribers of a product are due their mail: it is back in stock (untracked
 * stock counts as in stock, as on the product page). The check looks at the stock now, not at a
 * change, so no way of restocking and no missed moment can leave a subscriber waiting.
 */
export const isRestocked = (available: number | null): boolean => isInStock(available);

/** When the times of decision 087 have run out, for the clean-up: the cut-off instants. */
export function purgeCutoffs(now: Date): {
  pendingBefore: string;
  notifiedBefore: string;
  createdBefore: string;
} {
  const at = now.getTime();
  return {
    pendingBefore: new Date(at - CONFIRM_LINK_TTL_MS).toISOString(),
    notifiedBefore: new Date(at - NOTIFIED_KEEP_MS).toISOString(),
    createdBefore: new Date(at - MAX_AGE_MS).toISOString(),
  };
}

/** Whether a pending subscription asked for at `requestedAt` may still be confirmed at `now`. */
export const confirmLinkWorks = (requestedAt: string, now: Date): boolean =>
  Date.parse(requestedAt) + CONFIRM_LINK_TTL_MS > now.getTime();

/** A link to one of the pages above on the shop's configured address (never the request's Host). */
export function tokenLink(siteUrl: string, page: string, token: string): string {
  const link = new URL(page, `${siteUrl.replace(/\/$/, '')}/`);
  link.searchParams.set('token', token);
  return link.href;
}

/** What the links' pages say (decision 087). */
export const LINK_PAGE_MESSAGES = {
  title: 'Ειδοποίηση διαθεσιμότητας',
  confirmed:
    'Η ειδοποίηση επιβεβαιώθηκε. Θα σας στείλουμε ένα μόνο email μόλις η κάρτα είναι ξανά διαθέσιμη, και μετά η διεύθυνσή σας διαγράφεται.',
  notified: 'Η κάρτα είναι ήδη ξανά διαθέσιμη και σας έχουμε στείλει το email.',
  expired: 'Ο σύνδεσμος έληξε (ισχύει 48 ώρες). Ζητήστε ξανά την ειδοποίηση από τη σελίδα της κάρτας.',
  unknown:
    'Ο σύνδεσμος δεν είναι έγκυρος. Ανοίξτε τον ακριβώς όπως ήρθε στο email ή ζητήστε ξανά την ειδοποίηση από τη σελίδα της κάρτας.',
  confirmAsk:
    'Επιβεβαιώστε ότι θέλετε ένα email όταν η κάρτα είναι ξανά διαθέσιμη. Μετά από αυτό η διεύθυνσή σας διαγράφεται.',
  confirmButton: 'Επιβεβαίωση ειδοποίησης',
  unsubscribeTitle: 'Διαγραφή από τη λίστα αναμονής',
  unsubscribeAsk:
    'Να διαγραφεί η διεύθυνσή σας από τη λίστα αναμονής αυτής της κάρτας; Δεν θα λάβετε κανένα email γι’ αυτήν.',
  unsubscribeButton: 'Διαγραφή της διεύθυνσής μου',
  unsubscribed: 'Η διεύθυνσή σας διαγράφηκε. Δεν θα λάβετε άλλο email για αυτή την κάρτα.',
  unsubscribeUnknown: 'Δεν βρέθηκε εγγραφή για αυτόν τον σύνδεσμο: ίσως έχει ήδη διαγραφεί.',
  toProduct: 'Δείτε την κάρτα',
} as const;
