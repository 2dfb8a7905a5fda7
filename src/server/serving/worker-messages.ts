/** The main process's message to a worker whose build is no longer the newest. */
export const RETIRE = 'cardshop:retire';
/** How long a retiring worker lets requests in flight finish before it closes their connections. */
export const RETIRE_GRACE_MS = 15_000;
