/**
 * One line for an operator when PostgreSQL cannot be reached or refuses the shop: where it
 * tried (host, port, database, user), the database's own reason, and never the password.
 */
export function describeConnectionError(url: string, error: unknown): string {
  const reason = reasonOf(error, url);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return `DATABASE_URL is not a valid address (expected postgres://user:password@host:5432/database): ${reason}`;
  }
  const host = target.hostname || 'localhost';
  const port = target.port || '5432';
  const database = decodeURIComponent(target.pathname.replace(/^\//, '')) || '(default)';
  const user = decodeURIComponent(target.username) || '(default)';
  const password = target.password ? ', password ****' : '';
  return `Cannot use PostgreSQL at ${host}:${port} (database ${database}, user ${user}${password}): ${reason}`;
}

/** The driver's message, with any copy of the address in it masked. */
function reasonOf(error: unknown, url: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
  return (text || 'unknown error')
    .replaceAll(url, 'DATABASE_URL')
    .replace(/\/\/([^:/@\s]+):[^@\s]+@/g, '//$1:****@');
}

/** PostgreSQL could not be reached or refused the shop; the message is the one line to show. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}
