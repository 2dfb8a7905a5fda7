import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../domain/errors.ts';
import type { OutboxEntry, OutgoingMail } from '../../domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../ports/mail.ts';
import type { Engine } from '../sqlite/database.ts';
import type { DB } from '../sqlite/schema.ts';
import { retryDelayMs } from './backoff.ts';
import { enqueueMail } from './enqueue.ts';
import { MailDeliveryError, type MailTransport } from './transport.ts';

export { MailDeliveryError, type MailTransport } from './transport.ts';

/** Messages one deliverDue() call tries, so one call stays short even after a long outage. */
const BATCH_SIZE = 20;
/**
 * A claimed message is not due again for this long. It covers one send (the SMTP timeouts are
 * ~10 s) with a wide margin; if the process dies mid-send, the message is tried again afterwards.
 */
const CLAIM_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 1000;
const MAX_LIST_LIMIT = 500;

type Row = Selectable<DB['mail_outbox']>;

export type OutboxMailOptions = {
  /** null: no delivery service configured; messages stay pending and readable in the outbox. */
  transport: MailTransport | null;
  /** Which service the transport is, for the dashboard. */
  service?: MailPort['service'];
  from: string;
  now?: () => Date;
};

/** Outbox in SQLite: every message is stored first, then delivered with retries by deliverDue(). */
export function createOutboxMail({ db, sqlite }: Engine, options: OutboxMailOptions): MailPort {
  const { transport, from } = options;
  const now = options.now ?? (() => new Date());

  /**
   * Takes the message for this worker and returns its attempts so far (read in the same
   * statement, so they are current); null when another worker (or process) got it first.
   */
  async function claim(id: number, at: Date): Promise<number | null> {
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(at.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at.toISOString())
      .returning('attempts')
      .executeTakeFirst();
    return claimed ? claimed.attempts : null;
  }

  async function recordSuccess(id: number, attempts: number): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ status: 'delivered', delivered_at: now().toISOString(), attempts })
      .where('id', '=', id)
      .execute();
  }

  /** Sends one claimed message and records how it went; true when it was delivered. */
  async function send(row: Row, previousAttempts: number): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.send({ ...toMail(row), from });
    } catch (error) {
      // Recorded in the row (shown by `npm run outbox` and the dashboard), not logged.
      await recordFailure(row.id, previousAttempts + 1, error);
      return false;
    }
    await recordSuccess(row.id, previousAttempts + 1);
    return true;
  }

  async function recordFailure(id: number, attempts: number, error: unknown): Promise<void> {
    const refusal = error instanceof MailDeliveryError ? error : null;
    // A permanent refusal waits for the owner's retry at once; a service's own wait is respected.
    const backoff = refusal?.permanent ? null : retryDelayMs(attempts);
    const delay = backoff === null ? null : Math.max(backoff, refusal?.retryAfterMs ?? 0);
    const failedAt = now();
    await db
      .updateTable('mail_outbox')
      .set({
        attempts,
        last_error: describeError(error),
        // Past the last attempt the message waits for the owner's retry().
        status: delay === null ? 'failed' : 'pending',
        next_attempt_at: new Date(failedAt.getTime() + (delay ?? 0)).toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  return {
    service: transport ? (options.service ?? 'smtp') : null,
    queue: (mail) => db.connection().execute(async () => enqueueMail(sqlite, mail, now())),

    async deliverDue() {
      if (!transport) return 0;
      const at = now();
      const due = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at.toISOString())
        .orderBy('id', 'asc')
        .limit(BATCH_SIZE)
        .execute();
      let delivered = 0;
      // One at a time: a shop sends few mails, and a struggling server is not flooded.
      for (const row of due) {
        const previous = await claim(row.id, at);
        if (previous !== null && (await send(row, previous))) delivered += 1;
      }
      return delivered;
    },

    async sendNow(id) {
      const row = Number.isSafeInteger(id)
        ? await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!row) throw new AppError('not_found', 'Το μήνυμα δεν βρέθηκε.');
      if (transport && row.status !== 'delivered') {
        // A failed message is made due; then it is claimed as deliverDue claims, so a delivery
        // loop running at once skips it, and one being sent or waiting out a backoff is left be.
        const at = now();
        await db
          .updateTable('mail_outbox')
          .set({ status: 'pending', next_attempt_at: at.toISOString() })
          .where('id', '=', id)
          .where('status', '=', 'failed')
          .execute();
        const previous = await claim(id, at);
        if (previous !== null) await send(row, previous);
      }
      const entry = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return toEntry(entry);
    },

    async listOutbox({ limit = 50, status } = {}) {
      let query = db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(Math.min(Math.max(Math.trunc(limit), 1), MAX_LIST_LIMIT));
      if (status) query = query.where('status', '=', status);
      return (await query.execute()).map(toEntry);
    },

    async backlog() {
      const [counts, oldest] = await Promise.all([
        db.selectFrom('mail_outbox_counts').select(['status', 'messages']).execute(),
        oldestPendingQuery(db).executeTakeFirst(),
      ]);
      const of = (status: string) => Number(counts.find((row) => row.status === status)?.messages ?? 0);
      return {
        pending: of('pending'),
        failed: of('failed'),
        oldestPendingAt: oldest?.created_at ?? null,
      };
    },

    async retry(id) {
      const row = Number.isSafeInteger(id)
        ? await db.selectFrom('mail_outbox').select('status').where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!row) throw new AppError('not_found', 'Το μήνυμα δεν βρέθηκε.');
      if (row.status === 'delivered') throw new AppError('conflict', 'Το μήνυμα έχει ήδη σταλεί.');
      // Attempts are kept (they are the message's history), so a retried message that fails
      // again goes back to failed at once and waits for the next retry instead of a new schedule.
      // A pending message being sent right now looks like any other pending one, so a retry in
      // that second may send it twice; the owner retries failed messages, where this cannot happen.
      await db
        .updateTable('mail_outbox')
        .set({ status: 'pending', next_attempt_at: now().toISOString() })
        .where('id', '=', id)
        .where('status', '!=', 'delivered')
        .execute();
    },
  };
}

/** One message by id, for tools that show a single message in full (npm run outbox -- --show). */
export async function findOutboxEntry({ db }: Engine, id: number): Promise<OutboxEntry | null> {
  const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : null;
}

function toMail(row: Row): OutgoingMail {
  return {
    kind: row.kind as OutgoingMail['kind'],
    to: row.to_address,
    ...(row.reply_to === null ? {} : { replyTo: row.reply_to }),
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
  };
}

function toEntry(row: Row): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind as OutboxEntry['kind'],
    to: row.to_address,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.text_body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

/** The error as the owner will read it; network errors carry their code (ECONNREFUSED, ETIMEDOUT). */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const text =
    typeof code === 'string' && code !== '' && !message.includes(code) ? `${code}: ${message}` : message;
  return (text || 'Unknown error').slice(0, MAX_ERROR_LENGTH);
}

/** The oldest pending message's time: one seek in `mail_outbox_backlog` (migration 014). */
export function oldestPendingQuery(db: Kysely<DB>) {
  return db
    .selectFrom('mail_outbox')
    .select('created_at')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(1);
}
