import { signInAttackMail } from '../../domain/auth/security-alert-mail.ts';
import { type EnqueueMail, enqueueMailIn } from '../mail-outbox/enqueue.ts';
import { prepared } from '../sqlite/prepared.ts';
import type { OnAccountThrottled } from './attempts.ts';

/** At most one alert an hour per account, however long an attack goes on. */
const ALERT_EVERY_MS = 3_600_000;

const since = (now: Date) => new Date(now.getTime() - ALERT_EVERY_MS).toISOString();

/**
 * Mails an admin, through the outbox, when sign-ins to the account are held back (decision 077),
 * in the transaction that held the attempt back: on SQLite through `enqueueMail`, on PostgreSQL
 * through enqueueMailIn, under the account's advisory lock the attempt holds (attempts-postgres.ts),
 * so two refusals at once queue one mail. Only a real admin account is told, so typing someone's
 * address mails nobody.
 */
export function alertAdmin(enqueueMail: EnqueueMail): OnAccountThrottled {
  return {
    sqlite(sqlite, email, ip, now) {
      if (!prepared(sqlite, 'SELECT 1 FROM admin_users WHERE email = ?').get(email)) return;
      const recent = prepared(
        sqlite,
        "SELECT 1 FROM mail_outbox WHERE kind = 'security-alert' AND to_address = ? AND created_at >= ? LIMIT 1",
      ).get(email, since(now));
      if (!recent)
        enqueueMail(sqlite, { kind: 'security-alert', to: email, ...signInAttackMail(email, ip, now) }, now);
    },

    async postgres(trx, email, ip, now) {
      const admin = await trx
        .selectFrom('admin_users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (!admin) return;
      const recent = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'security-alert')
        .where('to_address', '=', email)
        .where('created_at', '>=', since(now))
        .limit(1)
        .executeTakeFirst();
      if (!recent)
        await enqueueMailIn(
          trx,
          { kind: 'security-alert', to: email, ...signInAttackMail(email, ip, now) },
          now,
        );
    },
  };
}
