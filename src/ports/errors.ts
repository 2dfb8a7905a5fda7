/**
 * The one error type that crosses ports. `kind` decides the HTTP status (src/server/http/http.ts);
 * `message` is the Greek text a user may see.
 */
export const ERROR_KINDS = [
  'invalid',
  'not_found',
  'conflict',
  'unauthorized',
  'rate_limited',
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

// A global symbol, not instanceof: the server runs adapters loaded from source and endpoints from
// each storefront build's bundle, so one error can cross two copies of this class.
const BRAND = Symbol.for('cardshop.AppError');

export class AppError extends Error {
  readonly [BRAND] = true;
  readonly kind: ErrorKind;
  /** Field-level messages for forms, keyed by field name. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(kind: ErrorKind, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.fields = fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}
