import type { APIRoute } from 'astro';
import type { z } from 'zod';
import type { Container } from '../container.ts';
import { errorAnswer, JSON_HEADERS, readJson } from './http.ts';

/**
 * A JSON endpoint written once, for whoever receives its request: Astro's route, or the fast
 * path, which answers the hottest ones without Astro's request and response objects (decision
 * 069). The endpoint sees only what both can give it.
 */
export type JsonCall = {
  /** The body, read up to the endpoint's `maxBytes` and validated; bad input throws AppError. */
  json<T extends z.core.$ZodType>(schema: T): Promise<z.output<T>>;
  cookie(name: string): string | undefined;
  /** The client's address (behind a trusted proxy, the one the proxy saw). */
  clientAddress: string;
  /** The request came over HTTPS (behind a trusted proxy, the proxy's word), so cookies are Secure. */
  https: boolean;
};

export type JsonEndpoint = {
  /** The largest body it reads. */
  maxBytes: number;
  /** Its status when it succeeds. */
  status: number;
  /** The answer's body, and the Set-Cookie headers it sends with it. */
  run(container: Container, call: JsonCall): Promise<{ body: unknown; setCookies?: string[] }>;
};

export type JsonAnswer = { status: number; body: unknown; setCookies: string[] };

/** Runs the endpoint; whatever it throws becomes its JSON error answer (http.ts). */
export async function answerJson(
  endpoint: JsonEndpoint,
  container: Container,
  call: JsonCall,
): Promise<JsonAnswer> {
  try {
    const { body, setCookies = [] } = await endpoint.run(container, call);
    return { status: endpoint.status, body, setCookies };
  } catch (error) {
    return { ...errorAnswer(error), setCookies: [] };
  }
}

/** The endpoint as an Astro route. */
export function astroRoute(endpoint: JsonEndpoint): APIRoute {
  return async ({ request, cookies, locals, clientAddress, url }) => {
    const answer = await answerJson(endpoint, locals.container, {
      json: (schema) => readJson(request, schema, endpoint.maxBytes),
      cookie: (name) => cookies.get(name)?.value,
      clientAddress,
      https: url.protocol === 'https:',
    });
    const headers = new Headers(JSON_HEADERS);
    for (const cookie of answer.setCookies) headers.append('set-cookie', cookie);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
  };
}
