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

export class AppError extends Error {
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

/** The spec's "try again": what a user reads when the shop cannot answer now. */
export const TRY_AGAIN = 'Κάτι πήγε στραβά. Προσπάθησε ξανά.';

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
