/**
 * npm start: migrate, seed an empty data folder, build the storefront when there is no build or
 * the code changed, then serve it from worker processes (one per core but one), swapping in each new build
 * as the rebuild service makes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { exclusively } from '../src/adapters/database/exclusive.ts';
import { claimPeriodicRun } from '../src/adapters/database/periodic-runs.ts';
import { listenForChanges } from '../src/adapters/postgres/notifications.ts';
import { createWriteQueue } from '../src/adapters/sqlite/write-queue.ts';
import { log } from '../src/lib/log.ts';
import { periodicTask } from '../src/server/background/periodic-task.ts';
import { runQueuedCatalogImports } from '../src/server/catalog-csv/catalog-import.ts';
import { failUnfinishedImports } from '../src/server/catalog-csv/import-jobs.ts';
import { cleanUp } from '../src/server/clean-up.ts';
import { LONGEST_WINDOW_MS } from '../src/server/http/rate-limit.ts';
import { codeHash } from '../src/server/rebuild/code-hash.ts';
import { type CurrentBuild, readCurrentBuild } from '../src/server/rebuild/current-build.ts';
import { createRebuildService } from '../src/server/rebuild/rebuild-service.ts';
import { clearRunning, markRunning } from '../src/server/serving/running-shop.ts';
import { createWorkerPool } from '../src/server/serving/worker-pool.ts';
import { createRestockWatch } from '../src/server/stock-alerts/restock-watch.ts';
import { loadEnvOrExit, openContainerOrExit } from './cli.ts';
import { projectRoot } from './project-root.ts';
import { ensureAdmin } from './seed/admin-account.ts';
import { seedShop } from './seed/seed-shop.ts';

// Run from source (scripts/) or compiled (.server/scripts/, decision 062): the project is the
// folder that holds package.json.
const root = projectRoot(import.meta.dirname);
const env = loadEnvOrExit();
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';

// The write queue for the database's write lock: this process and its workers write in order.
const writeQueue = createWriteQueue();
const container = await openContainerOrExit(env, { writeGate: writeQueue.gate() });

// Instances starting together on one empty database take turns: the first seeds and makes the admin.
const { seeded, admin } = await exclusively(container.database, 'first-start', async () => ({
  seeded: await seedShop(container),
  // With Firebase Auth the admins are Firebase users with the admin claim, not local accounts.
  admin: env.AUTH_BACKEND === 'local' ? await ensureAdmin(container) : null,
}));
if (seeded.products > 0) log.info('Demo shop created', { dataDir: env.dataDir, products: seeded.products });

// Requests are served by worker processes, a set per storefront build (decision 009); this process
// builds, swaps and does the background duties.
const pool = createWorkerPool({
  size: env.webWorkers,
  // npm start runs both programs compiled to JavaScript (scripts/serve.mjs, decision 062), the
  // worker beside this one; run from source, the worker is run from source too.
  script: import.meta.filename.endsWith('.ts')
    ? path.join(root, 'scripts', 'web-worker.ts')
    : path.join(import.meta.dirname, 'web-worker.mjs'),
  writeQueue,
});
let serving = false;
async function serveBuild(current: CurrentBuild): Promise<void> {
  const started = performance.now();
  try {
    await pool.serve(current);
    serving = true;
    log.info('Serving storefront build', {
      buildId: current.buildId,
      contentVersion: current.contentVersion,
      workers: env.webWorkers,
      // How long the new workers took to load the build and listen: part of every edit's way to live.
      startSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    });
  } catch (error) {
    const what = serving
      ? 'The new storefront build could not be served; the previous one still is'
      : 'The storefront build could not be served';
    log.error(what, {
      buildId: current.buildId,
      error,
    });
  }
}

// PostgreSQL tells this process of every change any instance commits (migration 011), so the
// periodic looks below become a slow safety net there. SQLite has no such signal between
// processes; there they look as often as before. A hosted documents backend's version is only
// seen by looking, so the rebuild service keeps looking often then.
const notifications = env.DATABASE_URL ? listenForChanges(env.DATABASE_URL) : null;
const everyChangeHeard = notifications !== null && env.DOCUMENTS_BACKEND === 'local';
const SAFETY_POLL_MS = 10_000;

const rebuilds = createRebuildService({
  root,
  dataDir: env.dataDir,
  siteUrl: env.siteUrl,
  builds: container.builds,
  artifacts: container.buildArtifacts,
  debounceMs: env.REBUILD_DEBOUNCE_MS,
  prepare: env.REBUILD_PREPARE,
  ...(everyChangeHeard ? { pollMs: SAFETY_POLL_MS } : {}),
  quiet: true,
  onSwap: serveBuild,
  // The next build's workers load the shop's code while the build is made (decision 106).
  onChange: () => pool.prepare(),
});

let current = readCurrentBuild(env.dataDir);
if (!current || current.codeHash !== codeHash(root)) {
  log.info(
    current ? 'The code changed since the last build: building the storefront' : 'Building the storefront',
  );
  const started = performance.now();
  current = await rebuilds.buildNow();
  if (!current) {
    const state = await container.builds.state();
    log.error('The storefront build failed', {
      detail: state.lastFailure?.error ?? 'another process is building; try again',
    });
    process.exit(1);
  }
  log.info('Storefront built', { seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
} else {
  await serveBuild(current);
}
if (!serving) {
  await pool.stop();
  process.exit(1);
}

markRunning(env.dataDir, env.PORT);
const url = `http://${env.HOST === '127.0.0.1' || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
log.info('The shop is open', {
  url,
  admin: `${url}/admin-login`,
  workers: env.webWorkers,
  signIn: !admin
    ? 'a Firebase user with the admin claim (npm run admin -- grant-firebase-admin <email>)'
    : `${admin.email}; password from ADMIN_PASSWORD or the first start (npm run admin -- reset-password ${admin.email} sets a new one)`,
});
if (admin?.password) showGeneratedPassword(admin.email, admin.password);
rebuilds.start();

/**
 * The first start's generated password is shown once to the person at the terminal. Logs must not
 * hold passwords, so when the output is not a terminal (a service manager collecting logs) it goes
 * to a file only the shop's user can read, and the log says where.
 */
function showGeneratedPassword(email: string, password: string) {
  if (process.stdout.isTTY) {
    console.info(`\nAdmin: ${email}\n  password: ${password}   (shown once; change it in the dashboard)\n`);
    return;
  }
  const file = path.join(env.dataDir, 'initial-admin-password.txt');
  fs.writeFileSync(file, `${email}\n${password}\n`, { mode: 0o600 });
  log.info('The admin password was generated', { email, file });
}

// Background duties: deliver due mail, run the catalogue imports the dashboard queues (in this
// process, so that retiring a build's workers never cuts one short), drop carts nobody touched for
// CART_TTL_DAYS, forget old rate-limit hits, expired sessions, old sign-ins and unused uploads,
// and mail the shoppers waiting for a card that is back in stock.
const MAIL_EVERY_MS = 5_000;
const IMPORTS_EVERY_MS = 1_000;
const interrupted = await failUnfinishedImports(container);
if (interrupted > 0) log.warn('A catalogue import was cut short by the last stop', { jobs: interrupted });
const imports = periodicTask('Catalogue imports', () => runQueuedCatalogImports(container), {
  everyMs: notifications ? SAFETY_POLL_MS : IMPORTS_EVERY_MS,
});
imports.start();
// Mail waiting for a retry is due on the clock, so the timer stays; new mail goes out at once.
const mail = periodicTask('Mail delivery', () => container.mail.deliverDue(), { everyMs: MAIL_EVERY_MS });
mail.start();
// Each of these runs once per period for the whole shop, whichever instance asks first once the
// period is over (instances sharing a PostgreSQL database would otherwise each run it). Each
// instance asks six times a period, so a stopped instance's turn passes to another soon.
const oncePerPeriod = (name: string, periodMs: number, run: () => Promise<unknown>) =>
  periodicTask(
    name,
    async () => {
      if (await claimPeriodicRun(container.database, name, periodMs)) await run();
    },
    { everyMs: periodMs / 6 },
  );
const CART_PURGE_EVERY_MS = 6 * 3_600_000;
const LIMITS_PURGE_EVERY_MS = 10 * 60_000;
const CLEAN_UP_EVERY_MS = 3_600_000;
const purgeCarts = oncePerPeriod('Cart purge', CART_PURGE_EVERY_MS, () =>
  container.carts.purgeCarts(env.CART_TTL_DAYS),
);
const purgeLimits = oncePerPeriod('Rate-limit purge', LIMITS_PURGE_EVERY_MS, () =>
  container.limits.purge(LONGEST_WINDOW_MS),
);
const cleanUps = oncePerPeriod('Clean-up', CLEAN_UP_EVERY_MS, async () => {
  const removed = await cleanUp(container);
  if (removed.signIns + removed.uploads + removed.stockAlerts > 0) log.info('Cleaned up', removed);
});
for (const duty of [purgeCarts, purgeLimits, cleanUps]) {
  duty.start();
  void duty.wake();
}
// Back-in-stock mails: a pass whenever the shop's version moves, and every 5 minutes (decision 087).
const restocks = createRestockWatch(container, notifications ? { pollMs: SAFETY_POLL_MS } : {});
restocks.start();

/** Who hears which change: `*` (listening again after a lost connection) wakes everyone. */
const unsubscribe = notifications?.subscribe((change) => {
  const any = change === '*';
  if (any || ['catalog', 'documents', 'rebuild', 'settings', 'builds'].includes(change)) rebuilds.wake();
  if (any || change === 'stock' || change === 'catalog') void restocks.tick();
  if (any || change === 'mail') void mail.wake();
  if (any || change === 'imports') void imports.wake();
});

async function shutdown() {
  unsubscribe?.();
  await notifications?.close();
  await Promise.all([mail, imports, purgeCarts, purgeLimits, cleanUps].map((duty) => duty.stop()));
  await restocks.stop();
  clearRunning(env.dataDir);
  await rebuilds.stop();
  await pool.stop();
  container.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
