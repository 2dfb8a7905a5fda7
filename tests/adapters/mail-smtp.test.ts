import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../../src/adapters/mail-smtp/index.ts';
import { type Engine, openEngine } from '../../src/adapters/sqlite/database.ts';
import type { OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../src/ports/mail.ts';
import { parseMessage, type SmtpRecorder, startSmtpRecorder } from '../doubles/smtp-recorder.ts';

// Delivery, passing and final refusals are proven by tests/contract/mail-smtp.test.ts; this
// checks what only SMTP has: the headers as sent, and a server that is down.
const START = Date.parse('2025-03-01T10:00:00.000Z');
const MAIL: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'buyer@example.gr',
  replyTo: 'owner@example.gr',
  subject: 'Η παραγγελία σας #1001 επιβεβαιώθηκε',
  text: 'Γεια σας Μαρία,\nευχαριστούμε για την παραγγελία σας: 2 κάρτες, σύνολο 24,50 €.',
};

let dir: string;
let engine: Engine;
let clock: number;
let recorders: SmtpRecorder[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-smtp-'));
  engine = openEngine(dir);
  clock = START;
  recorders = [];
});

afterEach(async () => {
  await Promise.all(recorders.map((recorder) => recorder.close()));
  engine.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startServer(port = 0): Promise<SmtpRecorder> {
  const recorder = await startSmtpRecorder(port);
  recorders.push(recorder);
  return recorder;
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
  it('sends the envelope and the headers as given', async () => {
    const { port, received } = await startServer();
    const mail = outboxOn(port);
    await mail.queue(MAIL);
    expect(await mail.deliverDue()).toBe(1);
    const message = parseMessage(received[0]?.raw ?? '');
    expect(received[0]?.mailFrom).toBe('shop@example.com');
    expect(received[0]?.rcptTo).toEqual(['buyer@example.gr']);
    expect(message.headers.get('to')).toContain('buyer@example.gr');
    expect(message.headers.get('from')).toBe('CardVault <shop@example.com>');
  });

  it('sends one Message-ID per outbox message, the same again when a crash made it go twice', async () => {
    const { port, received } = await startServer();
    const mail = outboxOn(port);
    const first = await mail.queue(MAIL);
    await mail.queue({ ...MAIL, subject: 'Η παραγγελία σας #1002 επιβεβαιώθηκε' });
    expect(await mail.deliverDue()).toBe(2);
    // As if the process had died after the server took the first message and before the outbox
    // recorded it: once its claim ends, the message is due again.
    engine.sqlite
      .prepare("UPDATE mail_outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?")
      .run(new Date(clock).toISOString(), first);
    expect(await mail.deliverDue()).toBe(1);
    const ids = received.map((message) => parseMessage(message.raw).headers.get('message-id'));
    expect(ids[0]).toMatch(/^<outbox\.\d+\.[0-9a-z]+@example\.com>$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[0]);
  });

  it('keeps the message while the server is down and delivers it once the server is back', async () => {
    const first = await startServer();
    const port = first.port;
    await first.close();
    recorders = recorders.filter((recorder) => recorder !== first);
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
