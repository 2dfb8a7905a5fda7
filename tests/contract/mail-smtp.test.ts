import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { createSmtpTransport } from '../../src/adapters/mail-smtp/index.ts';
import { openEngine } from '../../src/adapters/sqlite/database.ts';
import { parseMessage, startSmtpRecorder } from '../doubles/smtp-recorder.ts';
import { mailContract } from './mail.contract.ts';

mailContract('outbox + SMTP', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-mail-smtp-'));
  const engine = openEngine(dir);
  const smtp = await startSmtpRecorder();
  let clock = Date.parse('2025-03-01T10:00:00.000Z');
  const transport = createSmtpTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    timeoutMs: 2000,
  });
  return {
    mail: createOutboxMail(engine, {
      transport,
      from: 'CardVault <shop@example.com>',
      now: () => new Date(clock),
    }),
    advance: (ms) => {
      clock += ms;
    },
    delivered: () =>
      smtp.received.map((received) => {
        const { headers, body } = parseMessage(received.raw);
        return {
          to: received.rcptTo.join(', '),
          replyTo: headers.get('reply-to') ?? null,
          subject: headers.get('subject') ?? '',
          text: body.replace(/\r\n/g, '\n').trimEnd(),
        };
      }),
    refuseNext: (kind, times) =>
      kind === 'passing'
        ? smtp.refuseNext(451, 'Try later', times)
        : smtp.refuseNext(550, 'No such mailbox', times),
    async close() {
      await smtp.close();
      engine.sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
