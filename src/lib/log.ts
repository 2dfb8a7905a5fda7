import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured logs: one JSON object per line (info to stdout, warn and error to stderr), with the
 * request id of the request being served. Logs never hold passwords, tokens or a customer's data:
 * callers log chosen fields only, keys that name secrets are dropped, and every string is passed
 * through `redact()` (emails, long tokens and long digit runs are masked).
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
type RequestContext = { requestId: string };
type Sink = (level: LogLevel, line: string) => void;

const state: { context: AsyncLocalStorage<RequestContext>; sink: Sink } = {
  context: new AsyncLocalStorage<RequestContext>(),
  sink: batchedSink(),
};

/**
 * Info lines (the access log's, one per request) go out together once per turn of the event loop,
 * in one write instead of one each; warn and error lines go out at once, after the info lines
 * written before them. A busy worker answers many requests per turn, and a write per line was
 * about a tenth of its time on a cached page. What a turn logged is written before the process
 * exits, so only a kill mid-turn loses it.
 */
export function batchedSink(): Sink {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    process.stdout.write(text);
  };
  process.on('exit', flush);
  return (level, line) => {
    if (level !== 'info') {
      flush();
      process.stderr.write(`${line}\n`);
      return;
    }
    if (pending.length === 0) setImmediate(flush);
    pending.push(`${line}\n`);
  };
}

/** Runs `run` with `requestId` attached to every log line written while it lasts (async included). */
export function withRequestId<T>(requestId: string, run: () => T): T {
  return state.context.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return state.context.getStore()?.requestId;
}

/** Sends log lines elsewhere (tests); returns a function that puts the previous sink back. */
export function captureLogs(sink: Sink): () => void {
  const previous = state.sink;
  state.sink = sink;
  return () => {
    state.sink = previous;
  };
}

const SECRET_KEY = /pass|token|secret|cookie|authorization|session|credential/i;
const EMAIL = /[^\s@<>"',;:()]+@([^\s@<>"',;:()]+\.[^\s@<>"',;:()]+)/g;
const TOKEN = /[A-Za-z0-9_-]{24,}/g;
const DIGITS = /\d(?:[ -]?\d){9,}/g;
const MAX_STRING = 2000;

/** Masks what may identify a customer or open a door: emails, long tokens, card or phone numbers. */
export function redact(text: string): string {
  return text
    .slice(0, MAX_STRING)
    .replace(EMAIL, (_match, domain: string) => `***@${domain}`)
    .replace(TOKEN, '[redacted]')
    .replace(DIGITS, '[number]');
}

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: redact(value.message),
      ...(typeof code === 'string' ? { code } : {}),
      stack: value.stack ? redact(value.stack.split('\n').slice(1, 8).join('\n')) : undefined,
    };
  }
  if (depth > 3 || typeof value !== 'object' || value === undefined) return undefined;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => clean(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, item]) => [key, clean(item, depth + 1)]),
  );
}

function write(level: LogLevel, msg: string, fields: LogFields = {}): void {
  // The request id is ours (a UUID) and a request's path has been through logPath(): both are
  // kept as they are (media names and ids would read as tokens).
  const { requestId: given, path, ...rest } = fields;
  const requestId = typeof given === 'string' ? given : currentRequestId();
  const line = {
    time: new Date().toISOString(),
    level,
    msg: redact(msg),
    ...(requestId ? { requestId } : {}),
    ...(typeof path === 'string' ? { path: logPath(path) } : {}),
    ...(clean(rest) as LogFields),
  };
  state.sink(level, JSON.stringify(line));
}

export const log = {
  info: (msg: string, fields?: LogFields) => write('info', msg, fields),
  warn: (msg: string, fields?: LogFields) => write('warn', msg, fields),
  error: (msg: string, fields?: LogFields) => write('error', msg, fields),
};

/** An address as logs keep it: IPv4 without its last byte, IPv6 by its first three groups. */
export function maskAddress(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, '');
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.0`;
  if (address.includes(':')) return `${address.split(':').slice(0, 3).join(':')}::`;
  return '';
}

/** A path as logs keep it: no query, secrets in the path (order links) replaced. */
export function logPath(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  return pathname.replace(/^\/order\/[^/]+/, '/order/:token').slice(0, 300);
}
