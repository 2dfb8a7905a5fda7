import type { CachedPage } from '../cache/page-cache.ts';
import type { CurrentBuild } from '../rebuild/current-build.ts';

/** The main process's message to a worker whose build is no longer the newest. */
export const RETIRE = 'cardshop:retire';
/** The main process's message to every worker when the shop stops. */
export const STOP = 'cardshop:stop';
/**
 * The main process's message to a worker started ahead of a build (worker-pool.ts `prepare`),
 * once the build is made: serve it.
 */
export const SERVE = 'cardshop:serve';

export type ServeMessage = { type: typeof SERVE; build: CurrentBuild };

export function isServeMessage(message: unknown): message is ServeMessage {
  const { type, build } = (message ?? {}) as Partial<ServeMessage>;
  return type === SERVE && typeof build === 'object' && build !== null;
}

/** How long a retiring worker lets requests in flight finish before it closes their connections. */
export const RETIRE_GRACE_MS = 15_000;

/** A worker asks for the database's write lock (src/adapters/sqlite/write-queue.ts). */
export const WRITE_LOCK_REQUEST = 'cardshop:write-lock-request';
/** The main process's answer: the lock is this worker's. */
export const WRITE_LOCK_GRANTED = 'cardshop:write-lock-granted';
/** The worker's transaction has ended: the lock is released. */
export const WRITE_LOCK_RELEASE = 'cardshop:write-lock-release';

export type WriteQueueMessage = {
  type: typeof WRITE_LOCK_REQUEST | typeof WRITE_LOCK_GRANTED | typeof WRITE_LOCK_RELEASE;
  id: number;
};

export function isWriteQueueMessage(message: unknown): message is WriteQueueMessage {
  const { type, id } = (message ?? {}) as Partial<WriteQueueMessage>;
  return (
    (type === WRITE_LOCK_REQUEST || type === WRITE_LOCK_GRANTED || type === WRITE_LOCK_RELEASE) &&
    Number.isInteger(id)
  );
}

/** A page a worker rendered and cached (page-cache.ts), for the other workers of its build. */
export const CACHED_PAGE = 'cardshop:cached-page';

export type CachedPageMessage = { type: typeof CACHED_PAGE; key: string; page: CachedPage };

export function isCachedPageMessage(message: unknown): message is CachedPageMessage {
  const { type, key, page } = (message ?? {}) as Partial<CachedPageMessage>;
  return type === CACHED_PAGE && typeof key === 'string' && typeof page === 'object' && page !== null;
}
