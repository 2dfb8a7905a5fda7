import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmailJsTransport } from '../../src/adapters/mail-emailjs/index.ts';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { type Engine, openEngine } from '../../src/adapters/sqlite/database.ts';
import type { OutgoingMail } from '../../src/domain/mail/outgoing-mail.ts';
import type { MailPort } from '../../src/ports/mail.ts';
import {
  type EmailJsRecorder,
  startEmailJsRecorder,
  TEST_EMAILJS_ACCOUNT,
} from '../doubles/emailjs-recorder.ts';

// Delivery and refusals are proven by tests/contract/mail-emailjs.test.ts; these check the
// request EmailJS gets, its answers that carry a reason or a wait, and the pacing.
const START = Date.parse('2025-03-01T10:00:00.000Z');
const MAIL: OutgoingMail = {
  kind: 'order-confirmation',
  to: 'buyer@example.gr',
  subject: 'Η παραγγελία σας CV-100042',
  text: 'Ευχαριστούμε για την παραγγελία σας!',
  html: '<p>Ευχαριστούμε!</p>',
};

let dir: string;
let engine: Engine;
let emailjs: EmailJsRecorder;
let clock: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-emailjs-'));
  engine = openEngine(dir);
  emailjs = await startEmailJsRecorder();
  clock = START;
});

afterEach(async () => {
  await emailjs.close();
  engine.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function outbox(options: { privateKey?: string; minIntervalMs?: number } = {}): MailPort {
  const transport = createEmailJsTransport({
    ...TEST_EMAILJS_ACCOUNT,
    privateKey: options.privateKey ?? TEST_EMAILJS_ACCOUNT.privateKey,
    origin: emailjs.origin,
    minIntervalMs: options.minIntervalMs ?? 0,
  });
  return createOutboxMail(engine, {
    transport,
    from: 'CardVault <shop@example.com>',
    now: () => new Date(clock),
  });
}

describe('EmailJS transport through the outbox', () => {
  it('posts the REST API body: ids, both keys and every template variable', async () => {
    const mail = outbox();
    await mail.queue(MAIL);
    expect(await mail.deliverDue()).toBe(1);
    expect(emailjs.sent).toEqual([
      {
        service_id: 'service_cardshop',
        template_id: 'template_cardshop',
        user_id: 'public-key-for-tests',
        accessToken: 'private-key-for-tests',
        template_params: {
          to_email: 'buyer@example.gr',
          reply_to: 'shop@example.com',
          from_name: 'CardVault',
          from_email: 'shop@example.com',
          subject: 'Η παραγγελία σας CV-100042',
          message: 'Ευχαριστούμε για την παραγγελία σας!',
          message_html: '<p>Ευχαριστούμε!</p>',
          kind: 'order-confirmation',
        },
      },
    ]);
  });

  it('marks a message failed at once when EmailJS refuses the private key, with its words', async () => {
    const mail = outbox({ privateKey: 'a-wrong-key' });
    const id = await mail.queue(MAIL);
    expect(await mail.deliverDue()).toBe(0);
    const [entry] = await mail.listOutbox();
    expect(entry).toMatchObject({
      id,
      status: 'failed',
      attempts: 1,
      lastError: 'EmailJS 403: The Private Key is invalid',
    });
  });

  it('waits as long as a 429 asks when that is longer than the backoff', async () => {
    emailjs.failNext(429, 'Too Many Requests', 1, { 'retry-after': '120' });
    const mail = outbox();
    const id = await mail.queue(MAIL);
    expect(await mail.deliverDue()).toBe(0);
    const [entry] = await mail.listOutbox();
    expect(entry).toMatchObject({ id, status: 'pending', lastError: 'EmailJS 429: Too Many Requests' });
    expect(Date.parse(entry?.nextAttemptAt ?? '') - START).toBe(120_000);
    clock += 60_000;
    expect(await mail.deliverDue()).toBe(0);
    clock += 61_000;
    expect(await mail.deliverDue()).toBe(1);
  });

  it('spaces its requests (EmailJS allows one a second)', async () => {
    const mail = outbox({ minIntervalMs: 300 });
    for (let n = 0; n < 3; n += 1) await mail.queue({ ...MAIL, subject: `Μήνυμα ${n}` });
    const started = performance.now();
    expect(await mail.deliverDue()).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
  });
});
