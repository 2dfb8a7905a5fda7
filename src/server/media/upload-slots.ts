import { AppError } from '../../domain/errors.ts';

/**
 * How many image uploads a process holds at once (decision 077). Each may be 20 MB of body, read
 * whole before it is checked, then decoded and re-encoded by sharp; without a cap, 20 parallel
 * uploads by one admin took a worker from about 120 MB to 669 MB. Past the cap an upload is
 * refused before its body is read, with a message to try again (the dashboard retries on its own).
 */
export const UPLOAD_SLOTS = { perAdmin: 2, total: 3 } as const;

export const UPLOADS_BUSY = 'Ανεβαίνουν ήδη πολλές εικόνες. Δοκιμάστε ξανά σε λίγο.';

export type UploadSlots = {
  /** Takes a slot for `adminId` or throws rate_limited; call what it returns when the upload ends. */
  take(adminId: string): () => void;
};

export function createUploadSlots(limits: { perAdmin: number; total: number } = UPLOAD_SLOTS): UploadSlots {
  const byAdmin = new Map<string, number>();
  let total = 0;
  return {
    take(adminId) {
      const mine = byAdmin.get(adminId) ?? 0;
      if (mine >= limits.perAdmin || total >= limits.total)
        throw new AppError('rate_limited', UPLOADS_BUSY, { retryAfterSeconds: '2' });
      byAdmin.set(adminId, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byAdmin.get(adminId) ?? 1) - 1;
        if (left > 0) byAdmin.set(adminId, left);
        else byAdmin.delete(adminId);
      };
    },
  };
}

/** The process's slots, for the media endpoint. */
export const uploadSlots = createUploadSlots();
