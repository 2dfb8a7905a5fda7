import type { APIRoute } from 'astro';
import { testMail, testMailResult } from '../../../../domain/mail/test-mail.ts';
import { toResponse } from '../../../../server/http/http.ts';

export const prerender = false;

/**
 * "Send a test mail": one message to the shop's own email, through the outbox like every other,
 * tried at once; the answer is what the mail service did with it (the middleware has checked the
 * session and the request's origin).
 */
export const POST: APIRoute = ({ locals }) =>
  toResponse(async () => {
    const { mail, settings } = locals.container;
    const id = await mail.queue(testMail(await settings.get(), new Date()));
    return testMailResult(await mail.sendNow(id), mail.service);
  });
