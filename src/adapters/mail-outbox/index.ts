import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../domain/errors.ts';
import { outboxMessageId } from '../../domain/mail/message-id.ts';
import type { OutboxEntry, OutgoingMail } from '../../domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../ports/mail.ts';
import { isRowId } from '../database/row-id.ts';
import type { DB } from '../database/schema.ts';
import type { ShopDatabase } from '../database/shop-database.ts';
import { retryDelayMs } from './backoff.ts';
import { enqueueMailIn } from './enqueue.ts';
import { MailDeliveryError, type MailTransport } from './transport.ts';

export { MailDeliveryError, type MailTransport } from './transport.ts';

/** Messages one deliverDue() call tries, so one call stays short even after a long outage. */
const BATCH_SIZE = 20;
/**
 * A claimed message is not due again for this long. It covers one send (the SMTP and EmailJS
 * timeouts are 10 s each step) with a wide margin; if the process dies mid-send, the message is
 * tried again afterwards, by any instance.
 */
const CLAIM_MS = 2 * 60_000;
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

/**
 * The outbox in the shop's database, SQLite or PostgreSQL: every message is stored first, then
 * delivered with retries by deliverDue(). Each message is claimed before it is sent, so however
 * many processes deliver at once, one of them sends it.
 */
export function createOutboxMail(store: ShopDatabase, options: OutboxMailOptions): MailPort {
  const { db } = store;
  const { transport, from } = options;
  const now = options.now ?? (() => new Date());
  const claimUntil = (at: Date) => new Date(at.getTime() + CLAIM_MS).toISOString();

  /**
   * Takes the message for this worker and returns its attempts so far (read in the same
   * statement, so they are current); null when another worker (or process) got it first.
   */
  async function claim(id: number, at: Date): Promise<number | null> {
    const claimed = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: claimUntil(at) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at.toISOString())
      .returning('attempts')
      .executeTakeFirst();
    return claimed ? claimed.attempts : null;
  }

  /**
   * Claims the oldest due message, with its attempts so far; null when none is due. PostgreSQL
   * claims it in one statement, passing over a row another instance is claiming at that moment
   * (SKIP LOCKED); SQLite, with one writer at a time, reads it and claims it, and reads again if
   * another process got it first.
   */
  async function claimNext(at: Date): Promise<{ row: Row; attempts: number } | null> {
    if (store.dialect === 'postgres') {
      const row = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: claimUntil(at) })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', at.toISOString())
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
      return row ? { row, attempts: row.attempts } : null;
    }
    for (;;) {
      const row = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at.toISOString())
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      const attempts = await claim(row.id, at);
      if (attempts !== null) return { row, attempts };
    }
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
      const messageId = outboxMessageId(row.id, new Date(row.created_at), from);
      await transport.send({ ...toMail(row), from, messageId });
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
    queue: (mail) => enqueueMailIn(db, mail, now()),

    async deliverDue() {
      if (!transport) return 0;
      let delivered = 0;
      // One at a time: a shop sends few mails, and a struggling server is not flooded. Each is
      // claimed just before its send, so a process that dies holds one message, not a batch.
      for (let tried = 0; tried < BATCH_SIZE; tried += 1) {
        const next = await claimNext(now());
        if (!next) break;
        if (await send(next.row, next.attempts)) delivered += 1;
      }
      return delivered;
    },

    async sendNow(id) {
      const row = isRowId(id)
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
        // SQLite keeps the counts in a table (migration 014); PostgreSQL counts the few rows not
        // yet delivered in a partial index, as a counter row would make every mail's transaction
        // wait for the one before.
        store.dialect === 'postgres'
          ? db
              .selectFrom('mail_outbox')
              .select((eb) => ['status', eb.fn.countAll<number>().as('messages')])
              .where('status', '<>', 'delivered')
              .groupBy('status')
              .execute()
          : db.selectFrom('mail_outbox_counts').select(['status', 'messages']).execute(),
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
      const row = isRowId(id)
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
export async function findOutboxEntry({ db }: ShopDatabase, id: number): Promise<OutboxEntry | null> {
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
