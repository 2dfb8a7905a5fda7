import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmailJsTransport } from '../../src/adapters/mail-emailjs/index.ts';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { openEngine } from '../../src/adapters/sqlite/database.ts';
import { startEmailJsRecorder, TEST_EMAILJS_ACCOUNT } from '../doubles/emailjs-recorder.ts';
import { mailContract } from './mail.contract.ts';

mailContract('outbox + EmailJS', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-mail-emailjs-'));
  const engine = openEngine(dir);
  const emailjs = await startEmailJsRecorder();
  let clock = Date.parse('2025-03-01T10:00:00.000Z');
  const transport = createEmailJsTransport({
    ...TEST_EMAILJS_ACCOUNT,
    origin: emailjs.origin,
    minIntervalMs: 0,
  });
  // Passing: the refusals EmailJS gives that can succeed later; final: those that cannot.
  const passing = [
    [429, 'Too Many Requests'],
    [503, 'Service Unavailable'],
    [500, 'Internal Server Error'],
  ] as const;
  let refused = 0;
  return {
    mail: createOutboxMail(engine, {
      service: 'emailjs',
      transport,
      from: 'CardVault <shop@example.com>',
      now: () => new Date(clock),
    }),
    advance: (ms) => {
      clock += ms;
    },
    delivered: () =>
      emailjs.sent.map(({ template_params: params }) => ({
        to: params.to_email ?? '',
        replyTo: params.reply_to ?? null,
        subject: params.subject ?? '',
        text: (params.message ?? '').trimEnd(),
      })),
    refuseNext(kind, times = 1) {
      for (let n = 0; n < times; n += 1) {
        refused += 1;
        if (kind === 'final') emailjs.failNext(400, 'The template ID not found');
        else {
          const [status, text] = passing[refused % passing.length] ?? passing[0];
          // A 429 without Retry-After would wait a minute; the service says one second here.
          emailjs.failNext(status, text, 1, status === 429 ? { 'retry-after': '1' } : {});
        }
      }
    },
    async close() {
      await emailjs.close();
      engine.sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
