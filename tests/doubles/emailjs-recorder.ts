/**
 * A local stand-in for EmailJS's REST API (POST /api/v1.0/email/send), answering as EmailJS does:
 * 200 "OK" (text) for a good request; 400 with a sentence for a missing or unknown id or key;
 * 403 for a wrong private key; and, on demand, 429 / 5xx / anything a test asks for. It records
 * every request it accepted, so tests see exactly what EmailJS would have sent (GET /recorded
 * lists them for a test in another process).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type EmailJsAccount = { serviceId: string; templateId: string; publicKey: string; privateKey: string };

export type RecordedEmail = {
  service_id: string;
  template_id: string;
  user_id: string;
  accessToken?: string;
  template_params: Record<string, string>;
};

export type EmailJsRecorder = {
  origin: string;
  account: EmailJsAccount;
  /** Requests answered 200, oldest first. */
  sent: RecordedEmail[];
  /** How many requests arrived, whatever the answer. */
  requests(): number;
  /** The next `times` requests get this answer instead (e.g. 429, 503, 400). */
  failNext(status: number, body: string, times?: number, headers?: Record<string, string>): void;
  reset(): void;
  close(): Promise<void>;
};

export const TEST_EMAILJS_ACCOUNT: EmailJsAccount = {
  serviceId: 'service_cardshop',
  templateId: 'template_cardshop',
  publicKey: 'public-key-for-tests',
  privateKey: 'private-key-for-tests',
};

export async function startEmailJsRecorder(
  account: EmailJsAccount = TEST_EMAILJS_ACCOUNT,
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<EmailJsRecorder> {
  const sent: RecordedEmail[] = [];
  let failures: Array<{ status: number; body: string; headers: Record<string, string> }> = [];
  let count = 0;

  const answer = (
    res: http.ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
  };

  const server = http.createServer((req, res) => {
    // For tests in another process (e2e): what was accepted so far.
    if (req.method === 'GET' && req.url === '/recorded')
      return answer(res, 200, JSON.stringify(sent), { 'content-type': 'application/json' });
    if (req.method !== 'POST' || req.url !== '/api/v1.0/email/send') return answer(res, 404, 'Not Found');
    count += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const failure = failures.shift();
      if (failure) return answer(res, failure.status, failure.body, failure.headers);
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        return answer(res, 400, 'The content type should be application/json');
      let body: RecordedEmail;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedEmail;
      } catch {
        return answer(res, 400, 'The JSON payload is invalid');
      }
      for (const field of ['user_id', 'service_id', 'template_id'] as const)
        if (typeof body[field] !== 'string' || body[field] === '')
          return answer(res, 400, `The ${field} parameter is required`);
      if (body.user_id !== account.publicKey) return answer(res, 400, 'The Public Key is invalid');
      if (body.accessToken !== account.privateKey) return answer(res, 403, 'The Private Key is invalid');
      if (body.service_id !== account.serviceId) return answer(res, 400, 'The service ID is invalid');
      if (body.template_id !== account.templateId) return answer(res, 400, 'The template ID not found');
      sent.push(body);
      options.log?.(
        `EmailJS (local recorder): "${body.template_params.subject ?? ''}" to ${body.template_params.to_email ?? '?'}`,
      );
      return answer(res, 200, 'OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    account,
    sent,
    requests: () => count,
    failNext(status, body, times = 1, headers = {}) {
      for (let n = 0; n < times; n += 1) failures.push({ status, body, headers });
    },
    reset() {
      sent.length = 0;
      failures = [];
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
