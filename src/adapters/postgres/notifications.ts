import pg from 'pg';
import { log } from '../../lib/log.ts';
import { describeConnectionError } from './connection-error.ts';

/** The channel migration 011's triggers send on. */
const CHANNEL = 'shop_changes';
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

/**
 * What a notification says changed: a content counter's name (catalog, documents, rebuild,
 * settings, stock), `mail` or `imports` queued, a storefront build's `builds` status; or `*` when
 * the listener (re)connected and anything may have changed while nobody listened.
 */
export type ShopChange = string;
export type ChangeListener = (change: ShopChange) => void;

export type Notifications = {
  /** Calls `listener` with each change any process or instance commits; answers how to stop. */
  subscribe(listener: ChangeListener): () => void;
  /** Whether the connection is listening now: while it is not, changes go unheard. */
  listening(): boolean;
  close(): Promise<void>;
};

/**
 * LISTEN on one connection of its own (outside the pool, which hands connections around), held
 * open for the process's life. A lost connection is opened again, sooner at first and then every
 * 15 s at most, with one warning per outage; once listening again it tells every subscriber `*`,
 * because what committed meanwhile was not heard.
 */
export function listenForChanges(url: string): Notifications {
  const listeners = new Set<ChangeListener>();
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;
  let warned = false;
  let listening = false;

  const emit = (change: ShopChange) => {
    for (const listener of listeners) listener(change);
  };

  function reconnectLater(lost: pg.Client, error?: unknown) {
    if (client !== lost && client !== null) return; // Already replaced.
    client = null;
    listening = false;
    lost.removeAllListeners('end');
    lost.end().catch(() => undefined);
    if (closed || retry) return;
    if (!warned) {
      warned = true;
      log.warn('Not listening for changes; looking again on a timer meanwhile', {
        reason: describeConnectionError(url, error ?? new Error('connection closed')),
      });
    }
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }

  async function connect() {
    // TCP keep-alive: a connection that died without a word (a host gone) is noticed, not trusted.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) emit(message.payload);
    });
    next.on('error', (error) => reconnectLater(next, error));
    next.on('end', () => reconnectLater(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reconnectLater(next, error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    if (warned) log.info('Listening for changes again');
    warned = false;
    retryMs = FIRST_RETRY_MS;
    listening = true;
    emit('*');
  }

  void connect();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => listening,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      listeners.clear();
      const open = client;
      client = null;
      open?.removeAllListeners('end');
      await open?.end().catch(() => undefined);
    },
  };
}
