import type { KeptPage } from '../cache/page-cache.ts';

/** The main process's message to a worker whose build is no longer the newest. */
export const RETIRE = 'cardshop:retire';
/** The main process's message to every worker when the shop stops. */
export const STOP = 'cardshop:stop';
/** How long a retiring worker lets requests in flight finish before it closes their connections. */
export const RETIRE_GRACE_MS = 15_000;

/** Turns at the database's write lock (src/adapters/sqlite/write-queue.ts), asked for by a worker. */
export const WRITE_TURN = 'cardshop:write-turn';
/** The main process's answer: it is this worker's turn. */
export const WRITE_TURN_GRANTED = 'cardshop:write-turn-granted';
/** The worker's transaction has ended. */
export const WRITE_TURN_END = 'cardshop:write-turn-end';

export type WriteTurnMessage = {
  type: typeof WRITE_TURN | typeof WRITE_TURN_GRANTED | typeof WRITE_TURN_END;
  id: number;
};

export function isWriteTurnMessage(message: unknown): message is WriteTurnMessage {
  const { type, id } = (message ?? {}) as Partial<WriteTurnMessage>;
  return (
    (type === WRITE_TURN || type === WRITE_TURN_GRANTED || type === WRITE_TURN_END) && Number.isInteger(id)
  );
}

/** A page a worker rendered and kept (page-cache.ts), for the other workers of its build. */
export const KEPT_PAGE = 'cardshop:kept-page';

export type KeptPageMessage = { type: typeof KEPT_PAGE; key: string; page: KeptPage };

export function isKeptPageMessage(message: unknown): message is KeptPageMessage {
  const { type, key, page } = (message ?? {}) as Partial<KeptPageMessage>;
  return type === KEPT_PAGE && typeof key === 'string' && typeof page === 'object' && page !== null;
}
