/**
 * Sessions of admins who signed in through Firebase Auth (decision 011): the shop's own session
 * tokens, stored hashed like the local ones, but keyed by the Firebase uid (no local account).
 */
export const up: string[] = [
  `CREATE TABLE firebase_sessions (
     token_hash TEXT PRIMARY KEY,
     uid TEXT NOT NULL,
     email TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   )`,
  'CREATE INDEX firebase_sessions_by_uid ON firebase_sessions (uid)',
];
