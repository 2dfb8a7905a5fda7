import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Health } from '../../src/server/serving/health.ts';
import { MAIN_V8_FLAGS } from '../../src/server/serving/server-flags.ts';
import { type ClusterChild, logTail, startChild } from './child.ts';

const root = path.resolve(import.meta.dirname, '../..');
const POLL_MS = 250;

export type InstanceSettings = {
  /** Its INSTANCE_ID: shop-1, shop-2, ... */
  id: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** Its whole environment but for DATA_DIR, PORT and INSTANCE_ID. */
  env: NodeJS.ProcessEnv;
};

export type ReadyOptions = {
  /** Also wait until its storefront build has every change (`build.current`), not only until it serves. */
  buildCurrent?: boolean;
  timeoutMs?: number;
};

/** One instance of the shop: `npm start` (scripts/serve.mjs) on a data folder and port of its own. */
export type Instance = {
  id: string;
  /** http://127.0.0.1:<port>, straight to this instance, past nginx. */
  url: string;
  dataDir: string;
  /** Everything it logged (JSON lines), every start of it appended. */
  logFile: string;
  /** Its main process; a new one after restart(). */
  readonly pid: number;
  running(): boolean;
  /** Its /api/health, or null when it does not answer 200. */
  health(): Promise<Health | null>;
  /**
   * Sends `signal` and resolves once the instance has ended. SIGKILL goes to its whole process
   * group (the main process, its web worker, a build it was running), as when a machine dies;
   * other signals go to the main process, which stops its workers itself (SIGTERM: a clean stop).
   */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts it again on the same data folder, port and INSTANCE_ID once it has ended (kill it
   * first; rejects if it still runs), and resolves when it serves (/api/health 200), or with
   * `buildCurrent` when its build is current too. It never resets the admin's password.
   */
  restart(options?: ReadyOptions): Promise<void>;
  /** Waits until it serves (with `buildCurrent`: a current build); rejects if it stops first. */
  ready(options?: ReadyOptions): Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s; resolves once it has ended. */
  stop(): Promise<void>;
};

/** Starts an instance; `firstEnv` is added to this start only (the generated admin password). */
export function launchInstance(settings: InstanceSettings, firstEnv: NodeJS.ProcessEnv = {}): Instance {
  const url = `http://127.0.0.1:${settings.port}`;
  const spawnShop = (extra: NodeJS.ProcessEnv) =>
    startChild(process.execPath, [...MAIN_V8_FLAGS, path.join(root, 'scripts', 'serve.mjs')], {
      cwd: root,
      env: {
        ...settings.env,
        ...extra,
        DATA_DIR: settings.dataDir,
        PORT: String(settings.port),
        INSTANCE_ID: settings.id,
      },
      logFile: settings.logFile,
    });
  let child: ClusterChild = spawnShop(firstEnv);

  async function health(): Promise<Health | null> {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return response.status === 200 ? ((await response.json()) as Health) : null;
    } catch {
      return null;
    }
  }

  async function ready({ buildCurrent = false, timeoutMs = 5 * 60_000 }: ReadyOptions = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const waitingFor = buildCurrent ? 'serve a current build' : 'serve';
    const tail = () => logTail(settings.logFile);
    for (;;) {
      if (!child.running())
        throw new Error(
          `${settings.id} stopped (${await child.exited}) before it could ${waitingFor}.\n${tail()}`,
        );
      const state = await health();
      if (state?.ok && (!buildCurrent || state.build?.current)) return;
      if (Date.now() > deadline)
        throw new Error(`${settings.id} did not ${waitingFor} within ${timeoutMs / 1000} s.\n${tail()}`);
      await sleep(POLL_MS);
    }
  }

  return {
    id: settings.id,
    url,
    dataDir: settings.dataDir,
    logFile: settings.logFile,
    get pid() {
      return child.pid;
    },
    running: () => child.running(),
    health,
    async kill(signal = 'SIGTERM') {
      child.signal(signal, signal === 'SIGKILL');
      await child.exited;
    },
    async restart(options) {
      if (child.running()) throw new Error(`${settings.id} still runs (pid ${child.pid}): kill it first.`);
      child = spawnShop({});
      await ready(options);
    },
    ready,
    stop: () => child.stop(),
  };
}
