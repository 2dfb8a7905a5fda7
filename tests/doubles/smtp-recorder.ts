/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that records what it accepts and
 * refuses the next messages with the replies a test queues (451 to try later, 550 for good).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpReceived = { mailFrom: string; rcptTo: string[]; raw: string };
export type SmtpRecorder = {
  server: SMTPServer;
  port: number;
  received: SmtpReceived[];
  refuseNext(code: number, text: string, times?: number): void;
  close(): Promise<void>;
};

export async function startSmtpRecorder(port = 0): Promise<SmtpRecorder> {
  const received: SmtpReceived[] = [];
  const refusals: Array<{ code: number; text: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal) {
          callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
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
  // A client that dies mid-session (the cluster test kills an instance under load) resets its
  // connection, which smtp-server reports as the server's 'error'; unheard, it would end the run.
  server.on('error', () => undefined);
  const listening = await new Promise<AddressInfo>((resolve, reject) => {
    const net = server.listen(port, '127.0.0.1', () => resolve(net.address() as AddressInfo));
    net.once('error', reject);
  });
  return {
    server,
    port: listening.port,
    received,
    refuseNext(code, text, times = 1) {
      for (let n = 0; n < times; n += 1) refusals.push({ code, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Just enough MIME for a single-part message: unfolded headers with RFC 2047 words decoded,
 * and the body decoded from base64 or quoted-printable as UTF-8.
 */
export function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
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
