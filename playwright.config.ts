import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** e2e runs against the real built app on a fresh temp data folder, in Debian's Chromium. */
// A port per run (kept in the env so the test workers agree), so parallel runs never collide.
const port = Number(process.env.E2E_PORT ?? 4517 + (process.pid % 1000));
process.env.E2E_PORT = String(port);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `cardshop-e2e-${port}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // Per port, so parallel runs do not overwrite each other's traces.
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    locale: 'el-GR',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // The server logs a JSON line per request; warnings and errors (stderr) still show.
    stdout: 'ignore',
    env: {
      DATA_DIR: E2E_DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      REBUILD_DEBOUNCE_MS: '200',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'e2e-admin-password-123',
    },
  },
});
