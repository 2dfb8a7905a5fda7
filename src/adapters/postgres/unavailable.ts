import {
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
} from 'kysely';
import { AppError, TRY_AGAIN } from '../../domain/errors.ts';

/** Network errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/**
 * SQLSTATEs that mean the server is not there for this query: class 08 (connection exception),
 * and the server shutting down, starting up, or out of connections.
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);

/** Whether an error of the driver means the database cannot be reached, rather than a bad query. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.has(code) || code.startsWith('08')))
    return true;
  // pg's own words when the socket ends or no connection comes in time.
  return /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

/** A database that cannot be reached is a 503 with the Greek "try again", the driver's error as its cause. */
function asUnavailable(error: unknown): unknown {
  if (!isDatabaseUnreachable(error)) return error;
  return Object.assign(new AppError('unavailable', TRY_AGAIN), { cause: error });
}

/**
 * Kysely's PostgreSQL dialect, but a database that went away answers AppError 'unavailable'
 * (503) instead of an unknown error (500): when a connection is asked for, and for every query on
 * one, transactions' begin and commit included. The pool opens new connections once it is back.
 */
export class ReachablePostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ReachablePostgresDriver({
      ...this.#config,
      onCreateConnection: async (connection) => {
        const executeQuery = connection.executeQuery.bind(connection);
        connection.executeQuery = async (query) => {
          try {
            return await executeQuery(query);
          } catch (error) {
            throw asUnavailable(error);
          }
        };
        await this.#config.onCreateConnection?.(connection);
      },
    });
  }
}

class ReachablePostgresDriver extends PostgresDriver {
  override async acquireConnection(
    ...args: Parameters<PostgresDriver['acquireConnection']>
  ): Promise<DatabaseConnection> {
    try {
      return await super.acquireConnection(...args);
    } catch (error) {
      throw asUnavailable(error);
    }
  }
}
