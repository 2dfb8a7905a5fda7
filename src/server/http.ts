import { z } from 'zod';
import { AppError, type ErrorKind, isAppError } from '../ports/errors.ts';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export const GENERIC_ERROR = 'Κάτι πήγε στραβά. Προσπάθησε ξανά.';

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** Maps any thrown value to a JSON error response; only AppErrors reveal their message. */
export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    return json(
      { error: { kind: error.kind, message: error.message, fields: error.fields } },
      { status: STATUS[error.kind] },
    );
  }
  console.error(error);
  return json({ error: { kind: 'unavailable', message: GENERIC_ERROR, fields: {} } }, { status: 500 });
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

/** Reads a JSON body of at most `maxBytes` and validates it; bad input becomes AppError('invalid'). */
export async function readJson<T extends z.core.$ZodType>(
  request: Request,
  schema: T,
  maxBytes = 64 * 1024,
): Promise<z.output<T>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new AppError('invalid', 'Το αίτημα είναι πολύ μεγάλο.');
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new AppError('invalid', 'Το αίτημα είναι πολύ μεγάλο.');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('invalid', 'Μη έγκυρα δεδομένα.');
  }
  // Works for full zod and zod/mini schemas alike (forms shared with the browser use the mini build).
  const result = z.safeParse(schema, data);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new AppError('invalid', 'Μη έγκυρα δεδομένα.', fields);
  }
  return result.data;
}
