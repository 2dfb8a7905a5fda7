import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContainer } from '../../src/server/container.ts';
import { parseEnv } from '../../src/server/env.ts';
import { codeHash } from '../../src/server/rebuild/code-hash.ts';
import { readCurrentBuild, writeCurrentBuild } from '../../src/server/rebuild/current-build.ts';
import { MAIN_V8_FLAGS } from '../../src/server/serving/server-flags.ts';
import { freePort } from './free-port.ts';

/**
 * Real server processes (`npm start`'s `scripts/serve.mjs`) for the tests that need one: the crash test
 * kills one with SIGKILL, the fuzz test sends it thousands of malformed requests. The storefront
 * build they serve is made once per code version and kept under node_modules/.cache, so only the
 * first run after a code change pays for `astro build`; each server gets a fresh data folder.
 */
const root = path.resolve(import.meta.dirname, '../..');
const cache = path.join(root, 'node_modules', '.cache', 'cardshop-test-server');
const BUILD_TIMEOUT_MS = 10 * 60_000;
/**
 * The build and the server run as `npm start` runs them. vitest sets NODE_ENV=test in its
 * processes, and a child would inherit it: React's development build would render the pages
 * (first renders of the demo shop's product pages took 20 ms instead of 14, measured) and go
 * into the build's scripts.
 */
const AS_IN_PRODUCTION = { NODE_ENV: 'production' } as const;

export type ShopServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server wrote (JSON log lines), stdout and stderr. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
};

/** A data folder with a little data and a storefront build of the current code, made once. */
async function template(): Promise<string> {
  const dir = path.join(cache, codeHash(root));
  const ready = path.join(dir, 'ready');
  if (fs.existsSync(ready)) return dir;
  fs.mkdirSync(cache, { recursive: true });
  const lock = `${dir}.lock`;
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  // mkdir is atomic: one test file builds, the others wait for it.
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (fs.existsSync(ready)) return dir;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_TIMEOUT_MS) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for the test storefront build');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    const shop = createContainer(parseEnv({ DATA_DIR: dir }));
    try {
      // Enough for the seed to leave it alone (it fills only an empty shop) and for a build.
      await shop.documents.putCategory({
        id: 'test-category',
        name: 'EUROLEAGUE',
        teams: [{ name: 'Olympiacos', image: '', players: [{ name: 'Sasha Vezenkov', image: '' }] }],
      });
      await shop.commerce.createProduct({
        title: 'Sasha Vezenkov template card',
        tags: ['Olympiacos'],
        priceCents: 1000,
        quantity: 1,
      });
    } finally {
      shop.close();
    }
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'rebuild.ts')], {
        cwd: root,
        env: { ...process.env, ...AS_IN_PRODUCTION, DATA_DIR: dir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('close', (status) => resolve(status ?? 1));
    });
    if (code !== 0 || !readCurrentBuild(dir)) throw new Error('The test storefront build failed');
    fs.writeFileSync(ready, new Date().toISOString());
    return dir;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** A fresh data folder that serves the template's build with the template's data. */
export async function prepareDataDir(): Promise<string> {
  const from = await template();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-server-'));
  fs.copyFileSync(path.join(from, 'shop.db'), path.join(dataDir, 'shop.db'));
  const current = readCurrentBuild(from);
  if (!current) throw new Error('The test storefront build is gone');
  writeCurrentBuild(dataDir, current);
  return dataDir;
}

/** `npm start`'s server process on `dataDir` and `port`, as started by `npm start`, its output piped. */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...MAIN_V8_FLAGS, path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...AS_IN_PRODUCTION,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Data added by a test must not start a storefront build while it runs; and as none runs,
      // no build process starts ahead to wait for one (decision 105).
      REBUILD_DEBOUNCE_MS: '600000',
      REBUILD_PREPARE: 'on-change',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts `npm start`'s server on `dataDir` and waits until it says the shop is open (every worker
 * listens) and /api/health answers 200.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ShopServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawnServer(dataDir, port, env);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      if (output.includes('"The shop is open"') && (await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The pids of a server's web workers (the storefront's, decision 009), from /proc. */
export function webWorkerPids(server: ShopServer): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the ppid follows the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === server.process.pid && cmdline.includes('web-worker.mjs')) pids.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return pids.sort();
}
