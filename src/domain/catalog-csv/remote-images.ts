import { MAX_UPLOAD_BYTES } from '../media/image-files.ts';

/**
 * Images a catalogue CSV names on other hosts (decision 090): which URLs may be fetched, the limits
 * of a fetch, and every reason a fetch is refused or fails, in Greek. Pure: the dry run checks URLs
 * with it, and the server's fetcher checks each URL again, redirects included, before connecting.
 */

export const REMOTE_IMAGE_LIMITS = {
  /** The whole fetch of one image, redirects included. */
  timeoutMs: 15_000,
  maxRedirects: 3,
  /** The media port's own upload limit. */
  maxBytes: MAX_UPLOAD_BYTES,
  /** Images fetched at the same time. */
  parallel: 4,
} as const;

export const REMOTE_IMAGE_MESSAGES = {
  notUrl: 'Η διεύθυνση της εικόνας δεν είναι έγκυρη.',
  notHttps: 'Λαμβάνονται μόνο εικόνες από διευθύνσεις https:// (στη συνήθη θύρα, χωρίς όνομα χρήστη).',
  notOwnMedia: 'Δεν είναι στα αρχεία αυτού του καταστήματος (/media/).',
  hostNotAllowed: (host: string) =>
    `Ο διακομιστής ${host.slice(0, 100)} δεν είναι στους διακομιστές εικόνων των ρυθμίσεων (Ρυθμίσεις καταστήματος → Εικόνες από αρχεία CSV).`,
  privateAddress: (host: string) =>
    `Ο διακομιστής ${host.slice(0, 100)} οδηγεί σε ιδιωτική ή τοπική διεύθυνση δικτύου· δεν λαμβάνεται τίποτα από εκεί.`,
  hostNotFound: (host: string) => `Ο διακομιστής ${host.slice(0, 100)} δεν βρέθηκε.`,
  tooManyRedirects: `Η εικόνα ανακατευθύνει περισσότερες από ${REMOTE_IMAGE_LIMITS.maxRedirects} φορές.`,
  status: (status: number) => `Ο διακομιστής απάντησε με σφάλμα (HTTP ${status}).`,
  tooLarge: `Η εικόνα είναι μεγαλύτερη από ${Math.round(REMOTE_IMAGE_LIMITS.maxBytes / 1024 / 1024)} MB.`,
  timeout: `Η λήψη της εικόνας ξεπέρασε τα ${REMOTE_IMAGE_LIMITS.timeoutMs / 1000} δευτερόλεπτα.`,
  network: 'Η σύνδεση με τον διακομιστή της εικόνας απέτυχε.',
  notImage: 'Το αρχείο δεν είναι εικόνα που δέχεται το κατάστημα (JPG, PNG, WebP, GIF ή AVIF).',
  notStored: 'Η εικόνα δεν αποθηκεύτηκε.',
} as const;

export type RemoteImageUrl = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The URL to fetch, or why it is not fetched: https on its usual port, no user name or password,
 * and a host on the owner's list (exact names, case and a final dot aside).
 */
export function remoteImageUrl(text: string, hosts: readonly string[]): RemoteImageUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: REMOTE_IMAGE_MESSAGES.notUrl };
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return { ok: false, reason: REMOTE_IMAGE_MESSAGES.notHttps };
  const host = url.hostname.replace(/\.$/, '');
  if (!hosts.some((allowed) => allowed.toLowerCase() === host))
    return { ok: false, reason: REMOTE_IMAGE_MESSAGES.hostNotAllowed(host) };
  return { ok: true, url };
}

/** The name an image is stored under: the last part of its URL's path (the media port cleans it). */
export function remoteImageName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
}
