import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMail } from '../../../src/adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../../../src/adapters/mail-smtp/index.ts';
import { isAppError } from '../../../src/domain/errors.ts';
import { POST, receiveContact } from '../../../src/pages/api/contact.ts';
import { countRows, openTempShop, type TempShop } from '../../helpers/temp-shop.ts';

const FORM = {
  name: 'Μαρία Παπαδοπούλου',
  email: 'maria@example.gr',
  message: 'Καλησπέρα, έχετε κάρτες Ολυμπιακού;',
  website: '',
  elapsedMs: 8000,
};

let shop: TempShop;

beforeEach(() => {
  shop = openTempShop();
});

afterEach(() => {
  shop.remove();
});

const post = (body: unknown) =>
  new Request('http://shop.test/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** A new address per call by default, for tests about everything but throttling. */
let sender = 0;
function send(body: unknown, ip?: string) {
  sender = (sender % 250) + 1;
  return receiveContact(shop.container, post(body), ip ?? `203.0.113.${sender}`);
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message, fields: { ...error.fields } };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('POST /api/contact', () => {
  it('stores the message with the address, then queues one mail to the shop with Reply-To the sender', async () => {
    expect(await send(FORM, '198.51.100.4')).toEqual({ ok: true, message: 'Το μήνυμα στάλθηκε επιτυχώς!' });

    const { messages } = await shop.container.contact.list({ page: 1, pageSize: 10 });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      name: FORM.name,
      email: FORM.email,
      message: FORM.message,
      ip: '198.51.100.4',
      readAt: null,
    });
    const outbox = await shop.container.mail.listOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'contact-message',
      to: shop.container.env.SHOP_EMAIL,
      replyTo: FORM.email,
      status: 'pending',
      subject: `Νέο μήνυμα επικοινωνίας από ${FORM.name}`,
    });
    expect(outbox[0]?.text).toContain(FORM.message);
  });

  it('answers through the Astro route with status 200 and the client address', async () => {
    const response = await POST({
      request: post(FORM),
      locals: { container: shop.container },
      clientAddress: '192.0.2.200',
    } as unknown as APIContext);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: 'Το μήνυμα στάλθηκε επιτυχώς!' });
    expect((await shop.container.contact.list({ page: 1, pageSize: 1 })).messages[0]?.ip).toBe('192.0.2.200');
  });

  it('validates again on the server, with the form messages', async () => {
    expect(await refusal(send({ ...FORM, name: ' ', email: 'not-an-email', message: '' }))).toEqual({
      kind: 'invalid',
      message: 'Ελέγξτε τα πεδία της φόρμας.',
      fields: {
        name: 'Το όνομα είναι υποχρεωτικό.',
        email: 'Συμπληρώστε ένα έγκυρο email.',
        message: 'Το μήνυμα είναι υποχρεωτικό.',
      },
    });
    expect((await refusal(send({ ...FORM, message: 'α'.repeat(5001) }))).fields).toEqual({
      message: 'Το μήνυμα μπορεί να έχει έως 5000 χαρακτήρες.',
    });
    expect((await refusal(send('{not json'))).kind).toBe('invalid');
    expect((await refusal(send([1, 2]))).kind).toBe('invalid');
    expect(countRows(shop.container, 'contact_messages')).toBe(0);
    expect(countRows(shop.container, 'mail_outbox')).toBe(0);
  });

  it('answers spam like success but stores and sends nothing', async () => {
    for (const spam of [
      { ...FORM, website: 'https://cheap-pills.example' },
      { ...FORM, elapsedMs: 400 },
      { name: FORM.name, email: FORM.email, message: FORM.message },
    ]) {
      expect(await send(spam)).toEqual({ ok: true, message: 'Το μήνυμα στάλθηκε επιτυχώς!' });
    }
    expect(countRows(shop.container, 'contact_messages')).toBe(0);
    expect(countRows(shop.container, 'mail_outbox')).toBe(0);
  });

  it('refuses a body over 16 KB with a 4xx and stores nothing', async () => {
    const big = { ...FORM, message: 'x'.repeat(17 * 1024) };
    const response = await POST({
      request: post(big),
      locals: { container: shop.container },
      clientAddress: '192.0.2.201',
    } as unknown as APIContext);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    // Also without a Content-Length (a streamed body): the size is checked on what arrives.
    const streamed = new Request('http://shop.test/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([JSON.stringify(big)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect((await refusal(receiveContact(shop.container, streamed, '192.0.2.202'))).kind).toBe('invalid');
    expect(countRows(shop.container, 'contact_messages')).toBe(0);
  });

  it('keeps script payloads as plain text, in the inbox and in the mail', async () => {
    const payload = '<script>alert(1)</script>';
    await send({ ...FORM, name: '<img src=x onerror=alert(1)>', message: payload });
    const [stored] = (await shop.container.contact.list({ page: 1, pageSize: 1 })).messages;
    expect(stored?.message).toBe(payload);
    expect(stored?.name).toBe('<img src=x onerror=alert(1)>');
    const [mail] = await shop.container.mail.listOutbox();
    expect(mail?.text).toContain(payload);
    const html = shop.engine.sqlite.prepare('SELECT html_body FROM mail_outbox').get() as {
      html_body: string | null;
    };
    expect(html.html_body).toBeNull();
  });

  it('throttles 100 rapid posts from one address to 5, with the 429 message, and lets others through', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 100; index += 1) {
      const response = await POST({
        request: post({ ...FORM, message: `Μήνυμα ${index}` }),
        locals: { container: shop.container },
        clientAddress: '198.51.100.77',
      } as unknown as APIContext);
      statuses.push(response.status);
      if (response.status === 429)
        expect(await response.json()).toMatchObject({
          error: { kind: 'rate_limited', message: 'Πάρα πολλά μηνύματα. Δοκιμάστε ξανά σε λίγα λεπτά.' },
        });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(countRows(shop.container, 'contact_messages')).toBe(5);

    const other = await POST({
      request: post(FORM),
      locals: { container: shop.container },
      clientAddress: '198.51.100.78',
    } as unknown as APIContext);
    expect(other.status).toBe(200);
  });

  it('throttles an IPv6 sender across its /64', async () => {
    for (let index = 1; index <= 5; index += 1)
      await receiveContact(shop.container, post(FORM), `2001:db8:7:7::${index}`);
    expect((await refusal(receiveContact(shop.container, post(FORM), '2001:db8:7:7::99'))).kind).toBe(
      'rate_limited',
    );
  });

  it('stores the message and its mail together: when the mail cannot be written, neither is kept', async () => {
    // A failure at the moment the mail is written (as a full disk would fail it), inside the transaction.
    shop.engine.sqlite.exec(
      "CREATE TRIGGER fail_mail BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    await expect(receiveContact(shop.container, post(FORM), '203.0.113.50')).rejects.toThrow('disk full');
    expect(countRows(shop.container, 'contact_messages')).toBe(0);
    expect(countRows(shop.container, 'mail_outbox')).toBe(0);

    shop.engine.sqlite.exec('DROP TRIGGER fail_mail');
    await receiveContact(shop.container, post(FORM), '203.0.113.50');
    expect(countRows(shop.container, 'contact_messages')).toBe(1);
    expect(countRows(shop.container, 'mail_outbox')).toBe(1);
  });
});

describe('contact mail over SMTP', () => {
  let server: SMTPServer | undefined;

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('delivers the owner copy to a real SMTP server, with Reply-To the sender', async () => {
    const received: { rcptTo: string[]; raw: string }[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1000,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          callback(null);
        });
      },
    });
    const smtp = server;
    const { port } = await new Promise<AddressInfo>((resolve, reject) => {
      const net = smtp.listen(0, '127.0.0.1', () => resolve(net.address() as AddressInfo));
      net.once('error', reject);
    });
    const mail = createOutboxMail(shop.engine, {
      transport: createSmtpTransport({ host: '127.0.0.1', port, secure: false, timeoutMs: 2000 }),
      from: 'CardVault <shop@example.com>',
    });

    await receiveContact(shop.container, post(FORM), '203.0.113.60');
    expect(await mail.deliverDue()).toBe(1);

    expect(received).toHaveLength(1);
    expect(received[0]?.rcptTo).toEqual([shop.container.env.SHOP_EMAIL]);
    const { headers, body } = parseMessage(received[0]?.raw ?? '');
    expect(headers.get('reply-to')).toContain(FORM.email);
    expect(headers.get('subject')).toBe(`Νέο μήνυμα επικοινωνίας από ${FORM.name}`);
    expect(body).toContain(FORM.message);
    expect((await mail.listOutbox())[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

/** Enough MIME for nodemailer's single-part text message: unfolded headers (RFC 2047 words decoded) and body. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoded = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(encoded, 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(encoded.replace(/=\r\n/g, ''))
        : Buffer.from(encoded, 'latin1');
  return { headers, body: bytes.toString('utf8') };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, data = '']) =>
        kind?.toLowerCase() === 'b' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  );
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}
