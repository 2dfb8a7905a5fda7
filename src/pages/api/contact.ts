import type { APIRoute } from 'astro';
import { z } from 'zod';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactErrors,
  contactFormSchema,
  contactMail,
  looksLikeSpam,
} from '../../domain/contact/contact-form.ts';
import { AppError } from '../../domain/errors.ts';
import type { Container } from '../../server/container.ts';
import { readJson, toResponse } from '../../server/http/http.ts';
import { enforceLimit, RATE_LIMITS } from '../../server/http/rate-limit.ts';

export const prerender = false;

// Loose on purpose: the fields are checked by the shared form rules below, with the form's messages.
const requestSchema = z.object({
  name: z.string().max(1000).default(''),
  email: z.string().max(1000).default(''),
  message: z.string().max(CONTACT_LIMITS.bodyBytes).default(''),
  website: z.string().max(1000).default(''),
  elapsedMs: z.number().default(0),
});

/**
 * One contact form post from `ip`: throttle, read at most 16 KB, drop spam, validate, then store
 * the message and queue the owner's mail in one transaction. The answer is success only once
 * both are stored.
 */
export async function receiveContact(
  container: Pick<Container, 'contact' | 'limits' | 'env' | 'settings'>,
  request: Request,
  ip: string,
): Promise<{ ok: true; message: string }> {
  // Counted first, before the body is even read: invalid and spam posts use up the allowance too.
  // The count lives in the database, so it holds across the shop's processes and restarts.
  await enforceLimit(container.limits, RATE_LIMITS.contact, ip, CONTACT_MESSAGES.tooMany);

  const body = await readJson(request, requestSchema, CONTACT_LIMITS.bodyBytes);
  // Spam gets the same answer as a real message, so a script learns nothing to adapt to,
  // but nothing is stored and no mail is queued.
  if (looksLikeSpam(body)) return { ok: true, message: CONTACT_MESSAGES.sent };

  const fields = contactErrors(body);
  if (Object.keys(fields).length > 0) throw new AppError('invalid', CONTACT_MESSAGES.invalid, fields);
  const form = contactFormSchema.parse(body);

  // Stored as plain text; every page that shows it escapes it (React), nothing interprets it.
  // The owner's mail commits with the message: after a crash both are there, or neither.
  await container.contact.save(
    { ...form, ip },
    {
      kind: 'contact-message',
      to: (await container.settings.get()).identity.email,
      replyTo: form.email,
      ...contactMail(form),
    },
  );
  return { ok: true, message: CONTACT_MESSAGES.sent };
}

export const POST: APIRoute = ({ request, locals, clientAddress }) =>
  toResponse(() => receiveContact(locals.container, request, clientAddress));
