import { readBody } from '../http/http.ts';

const MAX_FORM_BYTES = 4096;
const MAX_TOKEN = 200;

/**
 * The token of a back-in-stock link page (decision 087): from the query when the mailed link is
 * opened, from the posted form's one field (read within a few KB whatever the client claims) when
 * the shopper presses the button. Opening only asks; the post acts.
 */
export async function linkToken(request: Request, url: URL): Promise<{ token: string; posted: boolean }> {
  if (request.method !== 'POST')
    return { token: (url.searchParams.get('token') ?? '').slice(0, MAX_TOKEN), posted: false };
  const body = await readBody(request, MAX_FORM_BYTES).catch(() => new Uint8Array());
  const token = new URLSearchParams(new TextDecoder().decode(body)).get('token') ?? '';
  return { token: token.slice(0, MAX_TOKEN), posted: true };
}
