import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Firebase sessions get what local sessions got in 008: a public id the dashboard lists and ends
 * them by, where and from what they signed in, and when they were last used.
 */
export const up = [
  "ALTER TABLE firebase_sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE firebase_sessions ADD COLUMN ip TEXT NOT NULL DEFAULT ''",
  "ALTER TABLE firebase_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT ''",
  'ALTER TABLE firebase_sessions ADD COLUMN last_seen_at TEXT',
  "CREATE UNIQUE INDEX firebase_sessions_by_public_id ON firebase_sessions (public_id) WHERE public_id <> ''",
];

export function backfill(sqlite: Database.Database): void {
  const rows = sqlite
    .prepare("SELECT token_hash FROM firebase_sessions WHERE public_id = ''")
    .all() as Array<{
    token_hash: string;
  }>;
  const update = sqlite.prepare('UPDATE firebase_sessions SET public_id = ? WHERE token_hash = ?');
  for (const row of rows) update.run(randomBytes(12).toString('base64url'), row.token_hash);
}
