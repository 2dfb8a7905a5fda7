/**
 * V8's heap settings for the server's processes (decisions 057 and 062), given on their command
 * lines: the main process's by `npm start` (a test holds package.json to this list), the workers'
 * by the pool (worker-pool.ts).
 *
 * - After each full collection V8 lets the old space grow to up to four times what survived before
 *   it collects again. At 50% over it (`--heap-growing-percent`), a worker that had rendered 500
 *   product pages held about 225 MB instead of about 300, for cold renders some 5–10% slower, and
 *   with no cap that a large export or import could run into.
 * - V8 grows each semi-space of the young generation up to 16 MB under load: 48 MB of nursery that
 *   a request's garbage fills and leaves resident. 4 MB in a worker; the main process mostly
 *   waits (builds run in a child of their own), and 2 MB keeps it about 12 MB smaller.
 */
export const MAIN_V8_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=50'];
export const WORKER_V8_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
