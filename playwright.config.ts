import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './e2e/fixtures/backends.ts';
import { SHOP_REBUILD_DEBOUNCE_MS } from './e2e/fixtures/rebuild-times.ts';
import { CHROMIUM_FLAGS, headlessShellPath } from './scripts/chromium.ts';
import { e2eDataDir } from './scripts/e2e-data-dir.ts';
import { emulatedEnv } from './scripts/emulators/hosted-env.ts';

/** e2e runs against the real built app on a fresh temp data folder, in Debian's Chromium. */
// A port per run (kept in the env so the test workers agree), so parallel runs never collide.
// Chromium refuses 5060 and 5061 (SIP) with ERR_UNSAFE_PORT; the range skips them.
const derivedPort = 4517 + (process.pid % 1000);
const port = Number(
  process.env.E2E_PORT ?? (derivedPort === 5060 || derivedPort === 5061 ? derivedPort + 2 : derivedPort),
);
process.env.E2E_PORT = String(port);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? e2eDataDir(port);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

/**
 * E2E_BACKENDS=hosted runs the same suite fully hosted (decision record 026): commerce on the Shopify
 * double, documents, auth and mail on the Firestore and Auth emulators and the EmailJS recorder, on
 * ports next to the shop's. The double starts first on a free port (its URL line gives
 * E2E_SHOPIFY_PORT), seeded with the demo catalogue. Tokens are made here and kept in the env, and
 * the emulator settings go to the test workers too, so fixtures open the same backends as the server.
 */
const hosted = process.env.E2E_BACKENDS === 'hosted';
const emulatorPorts = { firestore: port + 20_000, auth: port + 21_000, emailjs: port + 22_000 };
const hostedEnv = hosted
  ? emulatedEnv({
      firestoreHost: `127.0.0.1:${emulatorPorts.firestore}`,
      authUrl: `http://127.0.0.1:${emulatorPorts.auth}`,
      emailjsOrigin: `http://127.0.0.1:${emulatorPorts.emailjs}`,
    })
  : {};
if (hosted) process.env.E2E_HOSTED_ENV = JSON.stringify(hostedEnv);
const kept = (name: string, prefix: string) => {
  process.env[name] ??= `${prefix}${randomBytes(18).toString('base64url')}`;
  return process.env[name];
};
const shopifySettings = hosted
  ? {
      storefront: kept('E2E_SHOPIFY_STOREFRONT_TOKEN', 'e2e_sf_'),
      admin: kept('E2E_SHOPIFY_ADMIN_TOKEN', 'shpat_e2e_'),
      webhook: kept('E2E_SHOPIFY_WEBHOOK_SECRET', 'whsec_'),
    }
  : null;

// Chromium's headless shell (decision 100); Lighthouse starts the full Chromium itself.
const chromium = { executablePath: headlessShellPath(), args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'e2e',
  // Spec files run side by side, each worker with its browser and, on the embedded backends, its
  // own shop (e2e/fixtures/worker-shop.ts); the tests of one file run in order (decision 078).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // The embedded run's shops outlive their workers, so the phone project's workers reuse the
  // desktop's (e2e/fixtures/worker-shop.ts); the global setup's teardown stops them.
  globalSetup: './e2e/fixtures/global-setup.ts',
  // Page quality (axe, Lighthouse, the JavaScript budget) is the same code on both backends: the
  // hosted run proves the backends and leaves these to the embedded run (decision 078).
  // So are the home carousel, the grids' steppers and the header search's typing: their pages
  // still open on the hosted backends in routes.spec.ts, and each port's contract suite proves
  // the data behind them.
  testIgnore: hosted
    ? ['page-quality.spec.ts', 'lighthouse.spec.ts', 'home.spec.ts', 'grids.spec.ts', 'search.spec.ts']
    : [],
  retries: 0,
  // A guard against a hung test, not a speed check (speed is `npm run bench`'s): the same test took
  // 13 s on one clean CI machine and 52 s on another, with both suites sharing its two cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // Per port, so parallel runs do not overwrite each other's traces.
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    // No trace by default (decision 111): recording one for every test, to keep those that fail,
    // cost a large share of the tests' CPU. `npx playwright test --trace retain-on-failure` keeps
    // them when a failure needs more than its message and screenshot.
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'el-GR',
  },
  // The phone project's checks are about layout and touch, the same on both backends: the Shopify run
  // leaves them to the embedded run and uses the desktop only (decision record 025).
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    ...(shopifySettings
      ? []
      : [{ name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ }]),
  ],
  // The hosted run's servers: the Shopify double, then the shop beside the emulators. The embedded
  // run starts a shop per worker instead (e2e/fixtures/worker-shop.ts).
  webServer: shopifySettings
    ? [
        {
          name: 'Shopify double',
          command: 'node tests/doubles/shopify/main.ts',
          wait: { stdout: /Shopify double listening at http:\/\/127\.0\.0\.1:(?<e2e_shopify_port>\d+)/ },
          timeout: 120_000,
          stdout: 'pipe' as const,
          env: {
            SHOPIFY_DOUBLE_PORT: '0',
            SHOPIFY_DOUBLE_STOREFRONT_TOKEN: shopifySettings.storefront,
            SHOPIFY_DOUBLE_ADMIN_TOKEN: shopifySettings.admin,
          },
        },
        {
          name: 'shop',
          // $E2E_SHOPIFY_PORT is known only once the double has started; the shell reads it then.
          command: `rm -rf ${E2E_DATA_DIR} && SHOPIFY_STORE_DOMAIN=http://127.0.0.1:$E2E_SHOPIFY_PORT node scripts/start-emulated.ts`,
          url: `http://127.0.0.1:${port}/api/health`,
          // Its first build runs beside every other run's start (see worker-shop.ts).
          timeout: 540_000,
          reuseExistingServer: false,
          // The server logs a JSON line per request; warnings and errors (stderr) still show.
          stdout: 'ignore',
          env: {
            DATA_DIR: E2E_DATA_DIR,
            PORT: String(port),
            HOST: '127.0.0.1',
            REBUILD_DEBOUNCE_MS: String(SHOP_REBUILD_DEBOUNCE_MS),
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            FIRESTORE_EMULATOR_PORT: String(emulatorPorts.firestore),
            AUTH_EMULATOR_PORT: String(emulatorPorts.auth),
            EMAILJS_RECORDER_PORT: String(emulatorPorts.emailjs),
            COMMERCE_BACKEND: 'shopify',
            SHOPIFY_STOREFRONT_TOKEN: shopifySettings.storefront,
            SHOPIFY_ADMIN_TOKEN: shopifySettings.admin,
            SHOPIFY_WEBHOOK_SECRET: shopifySettings.webhook,
          },
        },
      ]
    : [],
});
