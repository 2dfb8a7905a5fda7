import { z } from 'zod';
import { AppError, type ErrorKind, isAppError, TRY_AGAIN } from '../../domain/errors.ts';
import { greekZodError } from '../../domain/text/validation-messages.ts';
import { log } from '../../lib/log.ts';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export const GENERIC_ERROR = TRY_AGAIN;

/** The headers of every JSON answer: what it is, and that no cache keeps it. */
export const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', JSON_HEADERS['content-type']);
  if (!headers.has('cache-control')) headers.set('cache-control', JSON_HEADERS['cache-control']);
  return new Response(JSON.stringify(body), { ...init, headers });
}

export type ErrorBody = { error: { kind: ErrorKind; message: string; fields: Record<string, string> } };

/** Maps any thrown value to its status and JSON error body; only AppErrors reveal their message. */
export function errorAnswer(error: unknown): { status: number; body: ErrorBody } {
  // A schema that threw instead of answering through readJson/parseQuery is still bad input, not a
  // crash; its messages were made without the Greek map, so only the general one is shown.
  if (error instanceof z.core.$ZodError) error = new AppError('invalid', 'Μη έγκυρα δεδομένα.');
  if (isAppError(error)) {
    return {
      status: STATUS[error.kind],
      body: { error: { kind: error.kind, message: error.message, fields: error.fields } },
    };
  }
  log.error('Unexpected error', { error });
  return { status: 500, body: { error: { kind: 'unavailable', message: GENERIC_ERROR, fields: {} } } };
}

/** The JSON error response for any thrown value (errorAnswer). */
export function errorResponse(error: unknown): Response {
  const { status, body } = errorAnswer(error);
  return json(body, { status });
}

/** Runs an endpoint body and turns its result or error into a Response. */
export async function toResponse(run: () => Promise<unknown>, init: ResponseInit = {}): Promise<Response> {
  try {
    const result = await run();
    return result instanceof Response ? result : json(result, init);
  } catch (error) {
    return errorResponse(error);
  }
}

export const TOO_LARGE = 'Το αίτημα είναι πολύ μεγάλο.';

/**
 * The body's bytes, at most `maxBytes`: refused from its declared length, or, for a body sent
 * without one (chunked), as soon as what arrived passes the limit, so no endpoint holds more than
 * its own limit in memory.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge = TOO_LARGE,
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new AppError('invalid', tooLarge);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('invalid', tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body of at most `maxBytes` and validates it; bad input becomes AppError('invalid'). */
export async function readJson<T extends z.core.$ZodType>(
  request: Request,
  schema: T,
  maxBytes = 64 * 1024,
): Promise<z.output<T>> {
  return parseJson(await readBody(request, maxBytes), schema);
}

/** Parses a body already read as JSON and validates it, as readJson does. */
export function parseJson<T extends z.core.$ZodType>(body: Uint8Array, schema: T): z.output<T> {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new AppError('invalid', 'Μη έγκυρα δεδομένα.');
  }
  return validate(schema, data);
}

/** Validates the query string (as a plain record) the way readJson validates a body. */
export function parseQuery<T extends z.core.$ZodType>(schema: T, params: URLSearchParams): z.output<T> {
  return validate(schema, Object.fromEntries(params));
}

function validate<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  // Works for full zod and zod/mini schemas alike (forms shared with the browser use the mini build);
  // issues without a message of their schema's own are answered in Greek.
  const result = z.safeParse(schema, data, { error: greekZodError });
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}

function invalidInput(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AppError('invalid', 'Μη έγκυρα δεδομένα.', fields);
}
