import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../../src/adapters/mail-smtp/index.ts';
import { type Engine, openEngine } from '../../src/adapters/sqlite/database.ts';
import type { MailPort, OutgoingMail } from '../../src/ports/mail.ts';

const START = Date.parse('2025-03-01T10:00:00.000Z');
const MAIL: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'buyer@example.gr',
  replyTo: 'owner@example.gr',
  subject: 'Η παραγγελία σας #1001 επιβεβαιώθηκε',
  text: 'Γεια σας Μαρία,\nευχαριστούμε για την παραγγελία σας: 2 κάρτες, σύνολο 24,50 €.',
};

type Received = { mailFrom: string; rcptTo: string[]; raw: string };
type TestServer = { server: SMTPServer; port: number; received: Received[] };

let dir: string;
let engine: Engine;
let clock: number;
let servers: SMTPServer[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-smtp-'));
  engine = openEngine(dir);
  clock = START;
  servers = [];
});

afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  engine.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A real SMTP server on 127.0.0.1 that refuses the first `refusals` messages with a 451. */
async function startServer(port = 0, refusals = 0): Promise<TestServer> {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refusals) {
          refused += 1;
          callback(Object.assign(new Error('Try later'), { responseCode: 451 }));
          return;
        }
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback(null);
      });
    },
  });
  servers.push(server);
  const listening = await new Promise<AddressInfo>((resolve, reject) => {
    const net = server.listen(port, '127.0.0.1', () => resolve(net.address() as AddressInfo));
    net.once('error', reject);
  });
  return { server, port: listening.port, received };
}

async function stopServer(server: SMTPServer): Promise<void> {
  servers = servers.filter((other) => other !== server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function outboxOn(port: number): MailPort {
  const transport = createSmtpTransport({ host: '127.0.0.1', port, secure: false, timeoutMs: 2000 });
  return createOutboxMail(engine, {
    transport,
    from: 'CardVault <shop@example.com>',
    now: () => new Date(clock),
  });
}

function row(id: number) {
  return engine.sqlite.prepare('SELECT * FROM mail_outbox WHERE id = ?').get(id) as Record<string, unknown>;
}

describe('SMTP transport through the outbox', () => {
  it('delivers a Greek message with its headers intact', async () => {
    const { port, received } = await startServer();
    const mail = outboxOn(port);
    const id = await mail.queue(MAIL);

    expect(await mail.deliverDue()).toBe(1);

    expect(received).toHaveLength(1);
    const message = parseMessage(received[0]?.raw ?? '');
    expect(received[0]?.mailFrom).toBe('shop@example.com');
    expect(received[0]?.rcptTo).toEqual(['buyer@example.gr']);
    expect(message.headers.get('subject')).toBe(MAIL.subject);
    expect(message.headers.get('to')).toContain('buyer@example.gr');
    expect(message.headers.get('reply-to')).toContain('owner@example.gr');
    expect(message.headers.get('from')).toBe('CardVault <shop@example.com>');
    expect(message.body.replace(/\r\n/g, '\n').trimEnd()).toBe(MAIL.text);
    expect(row(id)).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
  });

  it('retries after the server refused the message once', async () => {
    const { port, received } = await startServer(0, 1);
    const mail = outboxOn(port);
    const id = await mail.queue(MAIL);

    expect(await mail.deliverDue()).toBe(0);
    expect(received).toHaveLength(0);
    expect(row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row(id).last_error).toMatch(/451.*Try later/);

    clock += 31_000;
    expect(await mail.deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(parseMessage(received[0]?.raw ?? '').headers.get('subject')).toBe(MAIL.subject);
    expect(row(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('keeps the message while the server is down and delivers it once the server is back', async () => {
    const first = await startServer();
    const port = first.port;
    await stopServer(first.server);
    const mail = outboxOn(port);
    const id = await mail.queue(MAIL);

    expect(await mail.deliverDue()).toBe(0);
    expect(row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row(id).last_error).toContain('ECONNREFUSED');

    const { received } = await startServer(port);
    clock += 31_000;
    expect(await mail.deliverDue()).toBe(1);
    expect(received).toHaveLength(1);
    expect(parseMessage(received[0]?.raw ?? '').body).toContain('24,50 €');
    expect(row(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

/**
 * Just enough MIME for a single-part message: unfolded headers with RFC 2047 words decoded,
 * and the body decoded from base64 or quoted-printable as UTF-8.
 */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
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

const WORD = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;

/** Adjacent encoded words are joined before decoding, since a character may span two of them. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(WORD)].map(([, kind, data = '']) =>
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
