import { RESET_LINK_TTL_MS, RESET_MESSAGES } from '../../domain/auth/password-reset.ts';
import { passwordResetMail } from '../../domain/auth/password-reset-mail.ts';
import { AppError } from '../../domain/errors.ts';
import type { PasswordResetRequest } from '../../ports/auth.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { type EnqueueMail, enqueueMailIn } from '../mail-outbox/enqueue.ts';
import { inSyncTransaction } from '../sqlite/busy-retry.ts';
import { sqliteEngineOf } from '../sqlite/engine-of.ts';
import { prepared } from '../sqlite/prepared.ts';
import { hashSessionToken as hashToken, newSessionToken as newToken } from './attempts.ts';
import { hashPassword } from './passwords.ts';
import { countResetRequest, countResetRequestIn, purgeResetRequests } from './reset-requests.ts';

const FIND_ADMIN = 'SELECT id, email FROM admin_users WHERE email = ?';
const INSERT_LINK = `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
  VALUES (?, ?, ?, ?)`;

/** A used or expired link is kept this long, so its page can say which it was; then it goes. */
const KEEP_ENDED_MS = 24 * 3_600_000;

/** What is wrong with a link, as its page says it; null while it works. */
function linkProblem(link: { expires_at: string; used_at: string | null } | undefined, now: Date) {
  if (!link) return RESET_MESSAGES.linkUnknown;
  if (link.used_at !== null) return RESET_MESSAGES.linkUsed;
  if (Date.parse(link.expires_at) <= now.getTime()) return RESET_MESSAGES.linkExpired;
  return null;
}

const refused = (message: string) => new AppError('invalid', message, { token: message });

/** A new link for `email`'s account: its token, when it stops working, and the mail that carries it. */
function newLink(email: string, resetPage: string, now: Date) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  const link = new URL(resetPage);
  link.searchParams.set('token', token);
  const mail = { kind: 'password-reset', to: email, ...passwordResetMail(link.href, expiresAt) } as const;
  return { tokenHash: hashToken(token), expiresAt, mail };
}

/**
 * "Forgotten password" for local accounts (decision 083): a random token mailed as a link through
 * the outbox, stored only as its SHA-256 hash, working for 30 minutes and once; using it sets the
 * new password, ends every session of the account and lifts its sign-in throttle. In the shop's
 * database, SQLite or PostgreSQL; without `enqueueMail` no link is stored or mailed.
 */
export function createPasswordResets(
  store: ShopDatabase,
  options: { enqueueMail?: EnqueueMail | undefined },
) {
  const { db } = store;
  const engine = sqliteEngineOf(store);

  return {
    /**
     * Counts the request (reset-requests.ts), then, when the email is an admin's, stores a new link
     * and queues its mail: one transaction, with nothing slow in it, so an unknown email costs
     * the same time and the request answers the same. On SQLite it is the synchronous hot path.
     */
    async request({ email, clientIp, resetPage }: PasswordResetRequest, now = new Date()): Promise<void> {
      const address = email.trim().toLowerCase();
      const { enqueueMail } = options;
      if (engine) {
        const { sqlite } = engine;
        await inSyncTransaction(engine, () => {
          countResetRequest(sqlite, address, clientIp, now);
          const admin = prepared<{ id: number; email: string }>(sqlite, FIND_ADMIN).get(address);
          if (!admin || !enqueueMail) return;
          const link = newLink(admin.email, resetPage, now);
          prepared(sqlite, INSERT_LINK).run(
            link.tokenHash,
            admin.id,
            now.toISOString(),
            link.expiresAt.toISOString(),
          );
          enqueueMail(sqlite, link.mail, now);
        });
        return;
      }
      await store.transaction(async (trx) => {
        await countResetRequestIn(trx, address, clientIp, now);
        const admin = await trx
          .selectFrom('admin_users')
          .select(['id', 'email'])
          .where('email', '=', address)
          .executeTakeFirst();
        if (!admin || !enqueueMail) return;
        const link = newLink(admin.email, resetPage, now);
        await trx
          .insertInto('password_resets')
          .values({
            token_hash: link.tokenHash,
            user_id: admin.id,
            created_at: now.toISOString(),
            expires_at: link.expiresAt.toISOString(),
          })
          .execute();
        await enqueueMailIn(trx, link.mail, now);
      });
    },

    /**
     * Sets the new password with a link's token. The link is checked before the slow password
     * hash (an unknown token costs nothing), and taken again inside the transaction, so of two
     * uses racing, one wins.
     */
    async reset(token: string, newPassword: string, now = new Date()): Promise<void> {
      if (token === '') throw refused(RESET_MESSAGES.linkMissing);
      const hash = token.length <= 200 ? hashToken(token) : '';
      const link = await db
        .selectFrom('password_resets')
        .innerJoin('admin_users', 'admin_users.id', 'password_resets.user_id')
        .select(['password_resets.id', 'user_id', 'email', 'expires_at', 'used_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      const problem = linkProblem(link, now);
      if (problem || !link) throw refused(problem ?? RESET_MESSAGES.linkUnknown);
      const passwordHash = await hashPassword(newPassword);
      const at = now.toISOString();
      await store.transaction(async (trx) => {
        const taken = await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('id', '=', link.id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw refused(RESET_MESSAGES.linkUsed);
        // The account's other links stop working too: the password they were for has changed.
        await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('user_id', '=', link.user_id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('admin_users')
          .set({ password_hash: passwordHash, updated_at: at })
          .where('id', '=', link.user_id)
          .execute();
        // Whoever was signed in, the owner or someone who had the old password, is signed out.
        await trx.deleteFrom('sessions').where('user_id', '=', link.user_id).execute();
        // As the command line's reset-password does (decision 077): old failures stop counting.
        await trx.updateTable('login_attempts').set({ counted: 0 }).where('email', '=', link.email).execute();
      });
    },

    /** Forgets links ended a day ago and requests no rule counts any more. Answers how many. */
    async purge(now = Date.now()): Promise<number> {
      const result = await db
        .deleteFrom('password_resets')
        .where('expires_at', '<', new Date(now - KEEP_ENDED_MS).toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows) + (await purgeResetRequests(store, now));
    },
  };
}
