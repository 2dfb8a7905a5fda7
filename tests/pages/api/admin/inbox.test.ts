import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PATCH } from '../../../../src/pages/api/admin/inbox/[id].ts';
import { GET } from '../../../../src/pages/api/admin/inbox.ts';
import { POST as RETRY } from '../../../../src/pages/api/admin/outbox/[id].ts';
import { openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

const context = (parts: Record<string, unknown>) =>
  ({ locals: { container: shop.container }, ...parts }) as unknown as APIContext;

/** The fields these tests read, loosely: each endpoint fills the ones it answers with. */
type Answer = {
  messages: { name: string }[];
  message: { readAt: string | null };
  outbox: Record<string, unknown>[];
};

async function read(response: Response) {
  return { status: response.status, body: (await response.json()) as Answer };
}

describe('/api/admin/inbox', () => {
  it('lists messages newest first with the outbox state, without mail bodies', async () => {
    for (const name of ['Πρώτος', 'Δεύτερος', 'Τρίτος'])
      await shop.container.contact.save({ name, email: 'a@example.gr', message: `από ${name}`, ip: '' });
    await shop.container.mail.queue({
      kind: 'order-confirmation',
      to: 'buyer@example.gr',
      subject: 'Η παραγγελία σας',
      text: 'Οδός Αθηνάς 1, Αθήνα',
    });

    const { status, body } = await read(
      await GET(context({ url: new URL('http://shop.test/api/admin/inbox?page=1&pageSize=2') })),
    );
    expect(status).toBe(200);
    expect(body.messages.map((message) => message.name)).toEqual(['Τρίτος', 'Δεύτερος']);
    expect(body).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2, mailConfigured: false });
    expect(body.outbox).toHaveLength(1);
    expect(body.outbox[0]).toMatchObject({ status: 'pending', attempts: 0, subject: 'Η παραγγελία σας' });
    expect(body.outbox[0]).not.toHaveProperty('text');
  });

  it('falls back to defaults for a bad query', async () => {
    const { body } = await read(
      await GET(context({ url: new URL('http://shop.test/api/admin/inbox?page=abc&pageSize=-5') })),
    );
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 0, messages: [] });
  });

  it('marks a message read and unread', async () => {
    const saved = await shop.container.contact.save({
      name: 'Α',
      email: 'a@example.gr',
      message: 'μ',
      ip: '',
    });
    const patch = (id: string, body: unknown) =>
      PATCH(
        context({
          params: { id },
          request: new Request('http://shop.test', { method: 'PATCH', body: JSON.stringify(body) }),
        }),
      );
    const marked = await read(await patch(String(saved.id), { read: true }));
    expect(marked.status).toBe(200);
    expect(marked.body.message.readAt).not.toBeNull();
    expect((await read(await patch(String(saved.id), { read: false }))).body.message.readAt).toBeNull();
    expect((await patch('999', { read: true })).status).toBe(404);
    expect((await patch('abc', { read: true })).status).toBe(404);
    expect((await patch(String(saved.id), { read: 'yes' })).status).toBe(400);
  });
});

describe('/api/admin/outbox/{id}', () => {
  it('makes a failed mail due again, and refuses a delivered or unknown one', async () => {
    const id = await shop.container.mail.queue({
      kind: 'contact-message',
      to: 'shop@example.com',
      subject: 'Νέο μήνυμα',
      text: 'κείμενο',
    });
    const { sqlite } = shop.engine;
    sqlite
      .prepare(
        "UPDATE mail_outbox SET status = 'failed', attempts = 6, last_error = 'ECONNREFUSED' WHERE id = ?",
      )
      .run(id);

    const retried = await read(await RETRY(context({ params: { id: String(id) } })));
    expect(retried.status).toBe(200);
    expect((await shop.container.mail.listOutbox())[0]).toMatchObject({ status: 'pending', attempts: 6 });

    sqlite.prepare("UPDATE mail_outbox SET status = 'delivered' WHERE id = ?").run(id);
    expect((await RETRY(context({ params: { id: String(id) } }))).status).toBe(409);
    expect((await RETRY(context({ params: { id: '424242' } }))).status).toBe(404);
    expect((await RETRY(context({ params: { id: 'x' } }))).status).toBe(404);
  });
});
