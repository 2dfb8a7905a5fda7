import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../domain/admin/account-form.ts';
import type { SessionInfo } from '../../domain/auth/sign-in.ts';
import { AppError } from '../../domain/errors.ts';
import type { DB } from '../database/schema.ts';
import { hashSessionToken as hashToken, keptUserAgent } from './attempts.ts';

/** A session's last use is written at most this often, so reading a session rarely writes. */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** A session's public id: 12 random bytes (migrations 008 and 009 gave older sessions the same). */
const newPublicId = () => randomBytes(12).toString('base64url');
const PUBLIC_ID = /^[A-Za-z0-9_-]{16}$/;

/** Where an adapter keeps its sessions: local accounts by user id, Firebase users by uid. */
type SessionTable = { table: 'sessions'; owner: 'user_id' } | { table: 'firebase_sessions'; owner: 'uid' };

/**
 * The session half of AuthPort over one session table, shared by the local and the Firebase
 * adapters: both keep the shop's own sessions in the shop's database, SQLite or PostgreSQL, with a
 * public id for the dashboard's list (the token hash never leaves the server), the address and
 * browser, and the last use. The SQL is the same on both.
 */
export function createSessionStore(db: Kysely<DB>, { table, owner }: SessionTable) {
  const rows = sql.table(table);
  const ownerColumn = sql.ref(owner);

  return {
    /** The columns a new session row gets besides its owner and times. */
    details(clientIp: string, userAgent: string) {
      return {
        public_id: newPublicId(),
        ip: clientIp,
        user_agent: keptUserAgent(userAgent),
      };
    },

    /** Marks a session used now, at most every few minutes. */
    async touch(token: string, lastSeenAt: string | null): Promise<void> {
      const now = Date.now();
      if (lastSeenAt !== null && Date.parse(lastSeenAt) >= now - LAST_SEEN_EVERY_MS) return;
      await sql`UPDATE ${rows} SET last_seen_at = ${new Date(now).toISOString()} WHERE token_hash = ${hashToken(token)}`.execute(
        db,
      );
    },

    async list(ownerId: string | number, currentToken: string): Promise<SessionInfo[]> {
      const current = hashToken(currentToken);
      const found = await sql<{
        token_hash: string;
        public_id: string;
        created_at: string;
        last_seen_at: string | null;
        expires_at: string;
        ip: string;
        user_agent: string;
      }>`SELECT token_hash, public_id, created_at, last_seen_at, expires_at, ip, user_agent FROM ${rows}
         WHERE ${ownerColumn} = ${ownerId} AND expires_at > ${new Date().toISOString()}
         ORDER BY created_at DESC`.execute(db);
      return found.rows.map((row) => ({
        id: row.public_id,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        ip: row.ip,
        userAgent: row.user_agent,
        current: row.token_hash === current,
      }));
    },

    async end(ownerId: string | number, sessionId: string, currentToken: string): Promise<void> {
      // An id no session can have (from the URL) is not looked up.
      const found = !PUBLIC_ID.test(sessionId)
        ? []
        : (
            await sql<{ token_hash: string }>`SELECT token_hash FROM ${rows}
                 WHERE ${ownerColumn} = ${ownerId} AND public_id = ${sessionId}`.execute(db)
          ).rows;
      const row = found[0];
      if (!row) throw new AppError('not_found', ACCOUNT_MESSAGES.sessionNotFound);
      if (row.token_hash === hashToken(currentToken))
        throw new AppError('conflict', ACCOUNT_MESSAGES.currentSession);
      await sql`DELETE FROM ${rows} WHERE token_hash = ${row.token_hash}`.execute(db);
    },

    /** Forgets the sessions that expired by `now`; answers how many. */
    async purgeExpired(now: number): Promise<number> {
      const result =
        await sql`DELETE FROM ${rows} WHERE expires_at <= ${new Date(now).toISOString()}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Ends every session of the owner but the one with `keepToken`; answers how many ended. */
    async endOthers(ownerId: string | number, keepToken: string): Promise<number> {
      const result = await sql`DELETE FROM ${rows}
         WHERE ${ownerColumn} = ${ownerId} AND token_hash <> ${hashToken(keepToken)}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
