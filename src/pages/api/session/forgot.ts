import type { APIRoute } from 'astro';
import { forgotRequestSchema, RESET_MESSAGES, RESET_PAGE } from '../../../domain/auth/password-reset.ts';
import { readJson, toResponse } from '../../../server/http/http.ts';

export const prerender = false;

/**
 * "Forgotten password" (decision 083): mails a link to set a new password when the email is an
 * admin's, and answers the same whether or not it is. The link is built on SITE_URL, never on the
 * request's Host header, so a forged Host cannot send the owner a link to another site.
 */
export const POST: APIRoute = ({ request, clientAddress, locals }) =>
  toResponse(async () => {
    const { email } = await readJson(request, forgotRequestSchema, 2048);
    const { auth, env } = locals.container;
    await auth.requestPasswordReset({
      email,
      clientIp: clientAddress,
      resetPage: `${env.siteUrl}${RESET_PAGE}`,
    });
    return { ok: true, message: RESET_MESSAGES.requested };
  });
