import type { APIRoute } from 'astro';
import { AppError } from '../../../../domain/errors.ts';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/** Retry: makes a failed mail due again now; the server's delivery loop sends it within seconds. */
export const POST: APIRoute = ({ params, locals }) =>
  toResponse(async () => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found', 'Το μήνυμα δεν βρέθηκε.');
    await locals.container.mail.retry(id);
    return { ok: true, message: 'Το μήνυμα θα σταλεί ξανά σε λίγα δευτερόλεπτα.' };
  });
