/**
 * One of the processes `npm start` runs to serve requests (src/server/serving/worker-pool.ts): it
 * opens the shop's data, loads the storefront build it was started for, and serves it on the shop's
 * port, which the main process shares among its workers. A newer build gets new workers; this one
 * is retired then, and its build's code leaves memory with the process. A worker started ahead of
 * a build (when a change is seen) loads the shop's code and opens its data, then waits to be told
 * which build to serve.
 */
import { listenForChanges } from '../src/adapters/postgres/notifications.ts';
import { sharedWriteQueue } from '../src/adapters/sqlite/write-queue.ts';
import { log } from '../src/lib/log.ts';
import { sharedPageCache } from '../src/server/cache/page-cache.ts';
import { sharePageCache } from '../src/server/cache/page-cache-sharing.ts';
import { createContainer, setSharedContainer } from '../src/server/container.ts';
import { type CurrentBuild, currentBuildSchema } from '../src/server/rebuild/current-build.ts';
import { createStorefrontServer, type StorefrontServer } from '../src/server/serving/storefront-server.ts';
import { isServeMessage, RETIRE, RETIRE_GRACE_MS, STOP } from '../src/server/serving/worker-messages.ts';
import { workerWriteGate } from '../src/server/serving/worker-write-queue.ts';
import { loadEnvOrExit } from './cli.ts';

const env = loadEnvOrExit();
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React picks its development build (several times slower at rendering islands) unless told.
process.env.NODE_ENV ??= 'production';
process.env.ASTRO_NODE_LOGGING = 'disabled';

// On PostgreSQL each worker hears the changes every instance commits, so its content counters
// can be kept in memory instead of read before every cached answer (decision 097).
const changes = env.DATABASE_URL ? listenForChanges(env.DATABASE_URL) : undefined;
const container = createContainer(env, { writeGate: sharedWriteQueue(workerWriteGate()), changes });
setSharedContainer(container);
// Alone, a worker has no one to share its pages with: sending each to the main process would only
// cost that process a copy of every page to throw away.
if (env.webWorkers > 1) sharePageCache(sharedPageCache());

/** The build to serve: given when the worker was started, or told once it is made. */
function buildToServe(): Promise<CurrentBuild> {
  const given = process.env.SHOP_SERVE_BUILD;
  if (given) return Promise.resolve(currentBuildSchema.parse(JSON.parse(given)));
  return new Promise((resolve) => {
    const told = (message: unknown) => {
      if (!isServeMessage(message)) return;
      process.off('message', told);
      resolve(currentBuildSchema.parse(message.build));
    };
    process.on('message', told);
  });
}

let storefront: StorefrontServer | null = null;
let retiring = false;
async function retire(graceMs: number, idleConnections: 'keep' | 'close') {
  if (retiring) return;
  retiring = true;
  // One that never served (retired while it waited for its build) has nothing in flight.
  await storefront?.retire(graceMs, idleConnections);
  await changes?.close();
  container.close();
  process.exit(0);
}
process.on('message', (message) => {
  // Before node:cluster's own disconnect, which the main process sends next: that one would close
  // the idle connections at once, under requests on their way to the workers of the newer build.
  if (message === RETIRE) void retire(RETIRE_GRACE_MS, 'keep');
  if (message === STOP) void retire(RETIRE_GRACE_MS, 'close');
});
// The main process is gone (stopped or killed): finish what is in flight, then end too.
process.on('disconnect', () => void retire(5_000, 'close'));
// Signals go to the main process, which retires its workers; a worker signalled alone ends alike.
process.on('SIGTERM', () => void retire(5_000, 'close'));
process.on('SIGINT', () => undefined);

const build = await buildToServe();
storefront = await createStorefrontServer(env, build, container);
// Retired while it loaded the build: it must not start listening now.
if (!retiring) {
  storefront.server.on('error', (error) => {
    log.error('A storefront worker could not listen', { error });
    process.exit(1);
  });
  storefront.server.listen(env.PORT, env.HOST);
}
