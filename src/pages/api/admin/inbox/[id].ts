import type { APIRoute } from 'astro';
import { z } from 'zod';
import { AppError } from '../../../../domain/errors.ts';
import { readJson, toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

function messageId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found', 'Το μήνυμα δεν βρέθηκε.');
  return id;
}

/** Read state: opening a message marks it read; the owner may mark it unread again. */
export const PATCH: APIRoute = ({ params, request, locals }) =>
  toResponse(async () => {
    const { read } = await readJson(request, z.object({ read: z.boolean() }), 1024);
    return { message: await locals.container.contact.setRead(messageId(params.id), read) };
  });
