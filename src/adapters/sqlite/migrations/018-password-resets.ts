/**
 * "Forgotten password" (decision 083):
 * - `password_resets`: one row per mailed link, the token kept only as its SHA-256 hash, with when
 *   it stops working and when it was used (a link works once);
 * - `password_reset_requests`: every request, counted by the sign-in throttle's rules per account
 *   and address (an IPv6 address by its /64) before anything is looked up or mailed.
 */
export const up = [
  `CREATE TABLE password_resets (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     token_hash TEXT NOT NULL UNIQUE,
     user_id INTEGER NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at TEXT
   )`,
  'CREATE INDEX password_resets_by_user ON password_resets (user_id)',
  'CREATE INDEX password_resets_by_expiry ON password_resets (expires_at)',
  `CREATE TABLE password_reset_requests (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL COLLATE NOCASE,
     address TEXT NOT NULL,
     created_at TEXT NOT NULL
   )`,
  'CREATE INDEX password_reset_requests_by_pair ON password_reset_requests (email, address, created_at)',
  'CREATE INDEX password_reset_requests_by_address ON password_reset_requests (address, created_at)',
  'CREATE INDEX password_reset_requests_by_age ON password_reset_requests (created_at)',
];
