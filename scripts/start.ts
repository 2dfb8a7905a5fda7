/**
 * npm start: migrate, seed an empty data folder, build the storefront when there is no build or
 * the code changed, then serve it, swapping in each new build as the rebuild service makes it.
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { redirectTarget } from '../src/domain/url-form.ts';
import { createContainer, setSharedContainer } from '../src/server/container.ts';
import { withLiveFallback } from '../src/server/live-fallback.ts';
import { codeHash } from '../src/server/rebuild/code-hash.ts';
import { type CurrentBuild, readCurrentBuild } from '../src/server/rebuild/current-build.ts';
import { createRebuildService } from '../src/server/rebuild/rebuild-service.ts';
import { loadEnvOrExit } from './cli.ts';
import { ensureAdmin } from './seed/admin-account.ts';
import { seedShop } from './seed/seed-shop.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const root = path.resolve(import.meta.dirname, '..');
const env = loadEnvOrExit();
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';

const container = createContainer(env);
setSharedContainer(container);

const seeded = await seedShop(container);
if (seeded.products > 0) console.info(`Demo shop created in ${env.dataDir} (${seeded.products} products).`);
// With Firebase Auth the admins are Firebase users with the admin claim, not local accounts.
const admin = env.AUTH_BACKEND === 'local' ? await ensureAdmin(container) : null;

let served: { handler: Handler; clientDir: string } | null = null;
async function serveBuild(current: CurrentBuild): Promise<void> {
  const entry = pathToFileURL(path.join(current.outputDir, 'server', 'entry.mjs')).href;
  const module = (await import(entry)) as { handler: Handler };
  served = { handler: module.handler, clientDir: path.join(current.outputDir, 'client') };
  console.info(`Serving storefront build ${current.buildId} (content version ${current.contentVersion}).`);
}

const rebuilds = createRebuildService({
  root,
  dataDir: env.dataDir,
  siteUrl: env.siteUrl,
  builds: container.builds,
  debounceMs: env.REBUILD_DEBOUNCE_MS,
  quiet: true,
  onSwap: serveBuild,
});

let current = readCurrentBuild(env.dataDir);
if (!current || current.codeHash !== codeHash(root)) {
  console.info(
    current ? 'The code changed since the last build: building the storefront…' : 'Building the storefront…',
  );
  const started = performance.now();
  current = await rebuilds.buildNow();
  if (!current) {
    const state = await container.builds.state();
    console.error(
      `The storefront build failed:\n${state.lastFailure?.error ?? 'another process is building; try again'}`,
    );
    process.exit(1);
  }
  console.info(`Storefront built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} else {
  await serveBuild(current);
}

// gzip for HTML, CSS, JS, JSON and SVG (compression skips images that are compressed already).
const compress = compression({ threshold: 1024 });
const server = http.createServer((req, res) => {
  if (!served) {
    res.writeHead(503, { 'retry-after': '5' }).end('Starting…');
    return;
  }
  if (req.url && (req.method === 'GET' || req.method === 'HEAD')) {
    // One URL form (decision 040): /singles/ answers 301 to /singles, in one step.
    const target = redirectTarget(req.url);
    if (target) {
      res.writeHead(301, { location: target }).end();
      return;
    }
    req.url = withLiveFallback(req.url, served.clientDir);
  }
  const current = served;
  // compression is Express-style middleware; plain Node requests and responses are what it needs.
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () =>
    current.handler(req, res),
  );
});
server.listen(env.PORT, env.HOST, () => {
  const url = `http://${env.HOST === '127.0.0.1' || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  console.info(`\nThe shop is open at ${url}`);
  console.info(`Admin: ${url}/admin-login`);
  console.info(
    !admin
      ? '  a Firebase user with the admin claim (npm run admin -- grant-firebase-admin <email>)'
      : admin.password
        ? `  email: ${admin.email}\n  password: ${admin.password}   (shown once; change it with npm run admin -- reset-password ${admin.email})`
        : `  email: ${admin.email} (password: from ADMIN_PASSWORD or the first start; reset with npm run admin -- reset-password ${admin.email})`,
  );
});
rebuilds.start();

// Background duties: deliver due mail, and drop carts nobody touched for CART_TTL_DAYS.
const MAIL_EVERY_MS = 5_000;
const CART_PURGE_EVERY_MS = 6 * 3_600_000;
const deliverMail = setInterval(() => {
  container.mail.deliverDue().catch((error: unknown) => console.error('Mail delivery:', error));
}, MAIL_EVERY_MS);
const purgeCarts = () =>
  container.carts
    .purgeCarts(env.CART_TTL_DAYS)
    .catch((error: unknown) => console.error('Cart purge:', error));
void purgeCarts();
const purgeTimer = setInterval(purgeCarts, CART_PURGE_EVERY_MS);

async function shutdown() {
  clearInterval(deliverMail);
  clearInterval(purgeTimer);
  server.close();
  await rebuilds.stop();
  container.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
