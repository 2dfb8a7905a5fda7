import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Debian keeps each PostgreSQL version's programs apart, as scripts/postgres.ts finds the server's. */
const DEBIAN_FOLDER = '/usr/lib/postgresql';
const TOOLS = ['pg_dump', 'pg_restore'] as const;
/** A database that does not answer ends the command instead of leaving it waiting. */
const CONNECT_TIMEOUT_SECONDS = '10';

export type PostgresTools = { pgDump: string; pgRestore: string };

/** pg_dump or pg_restore is missing, or failed: the message is the one line to show (no password). */
export class PostgresToolError extends Error {
  override name = 'PostgresToolError';
}

const hasTools = (bin: string) => TOOLS.every((tool) => fs.existsSync(path.join(bin, tool)));
const inFolder = (bin: string): PostgresTools => ({
  pgDump: path.join(bin, 'pg_dump'),
  pgRestore: path.join(bin, 'pg_restore'),
});

/**
 * pg_dump and pg_restore from POSTGRES_BIN, else the newest Debian version (pg_dump refuses a
 * server newer than itself, so the newest has the best chance), else PATH. Missing, it throws
 * with the command that installs them.
 */
export function findPostgresTools(): PostgresTools {
  const named = process.env.POSTGRES_BIN;
  const versions = fs.existsSync(DEBIAN_FOLDER)
    ? fs
        .readdirSync(DEBIAN_FOLDER)
        .map(Number)
        .filter((version) => Number.isInteger(version))
        .sort((a, b) => b - a)
    : [];
  const folders = named
    ? [named]
    : [
        ...versions.map((version) => path.join(DEBIAN_FOLDER, String(version), 'bin')),
        ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
      ];
  const found = folders.find(hasTools);
  if (found) return inFolder(found);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  throw new PostgresToolError(
    `${named ? `POSTGRES_BIN=${named} has no pg_dump and pg_restore` : 'pg_dump and pg_restore are missing'}: they come with Debian's PostgreSQL client. Install it with:\n  ${sudo}apt-get install -y postgresql-client`,
  );
}

/**
 * DATABASE_URL for libpq's programs: the address without its password, which goes in PGPASSWORD
 * instead, so it is never on a command line (ps shows those to every user of the machine).
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return {
    dbname: address.toString(),
    env: {
      ...(password ? { PGPASSWORD: password } : {}),
      PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? CONNECT_TIMEOUT_SECONDS,
      PGAPPNAME: 'cardshop-backup',
    },
  };
}

/** "database shop at db.example.gr:5432": where, for the operator, never with the password. */
export function describeDatabase(url: string): string {
  const address = new URL(url);
  const name = decodeURIComponent(address.pathname.replace(/^\//, '')) || '(default)';
  return `database ${name} at ${decodeURIComponent(address.hostname) || 'localhost'}:${address.port || '5432'}`;
}

/** Any copy of the address or of its password in a message, masked. */
export function maskSecrets(text: string, url: string): string {
  let masked = text.replaceAll(url, 'DATABASE_URL');
  try {
    const address = new URL(url);
    for (const secret of [address.password, decodeURIComponent(address.password)])
      if (secret) masked = masked.replaceAll(secret, '****');
  } catch {
    // Not an address: nothing more to find in it.
  }
  return masked.replace(/\/\/([^:/@\s]+):[^@\s]+@/g, '//$1:****@');
}

/**
 * Runs pg_dump or pg_restore against the database at `url` and answers what it printed; a
 * failure throws PostgresToolError with its own message, masked.
 */
export function runTool(command: string, args: string[], url: string): Promise<string> {
  const tool = path.basename(command);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...libpqConnection(url).env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    child.on('error', (error) => reject(new PostgresToolError(`${tool} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(out);
      const reason = maskSecrets(err.trim(), url) || `ended with ${signal ?? `code ${code}`}`;
      const hint = reason.includes('server version mismatch')
        ? ` (install the client of the server's version: apt-get install -y postgresql-client-<version>)`
        : '';
      reject(new PostgresToolError(`${tool} failed: ${reason}${hint}`));
    });
  });
}
