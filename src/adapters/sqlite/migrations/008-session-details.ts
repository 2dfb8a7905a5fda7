import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Sessions get a public id (the dashboard lists and ends them by it; the token hash never leaves
 * the server), where and from what they signed in, and when they were last used; sign-in
 * attempts keep the browser they came from.
 */
export const up = [
  "ALTER TABLE sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT ''",
  'ALTER TABLE sessions ADD COLUMN last_seen_at TEXT',
  "ALTER TABLE login_attempts ADD COLUMN user_agent TEXT NOT NULL DEFAULT ''",
  "CREATE UNIQUE INDEX sessions_by_public_id ON sessions (public_id) WHERE public_id <> ''",
  'CREATE INDEX sessions_by_user ON sessions (user_id)',
];

export function backfill(sqlite: Database.Database): void {
  const rows = sqlite.prepare("SELECT token_hash FROM sessions WHERE public_id = ''").all() as Array<{
    token_hash: string;
  }>;
  const update = sqlite.prepare('UPDATE sessions SET public_id = ? WHERE token_hash = ?');
  for (const row of rows) update.run(randomBytes(12).toString('base64url'), row.token_hash);
}
