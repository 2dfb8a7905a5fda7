import { createLocalAuth } from '../../src/adapters/auth-local/index.ts';
import type { DB } from '../../src/adapters/database/schema.ts';
import type { ShopDatabase } from '../../src/adapters/database/shop-database.ts';
import { enqueueMail } from '../../src/adapters/mail-outbox/enqueue.ts';
import type { AuthPort } from '../../src/ports/auth.ts';

/** Local accounts on `store` as the container builds them: a week's sessions, mails to the outbox. */
export function localAuth(store: ShopDatabase): AuthPort {
  return createLocalAuth(store, { sessionTtlHours: 168, enqueueMail });
}

/** Rows in one of the shop's tables, on either database. */
export async function countRows(store: ShopDatabase, table: keyof DB): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The mails of one kind in the outbox, oldest first. */
export async function outboxMails(store: ShopDatabase, kind: string) {
  return store.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}
