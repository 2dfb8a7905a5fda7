import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { NGINX, prepareNginx } from '../nginx.ts';
import { logTail, startChild } from './child.ts';
import { clusterNginxConfig } from './nginx-config.ts';

const START_TIMEOUT_MS = 15_000;

/** Rejects when `port` of 127.0.0.1 is taken: checked first, not after the instances' minute of starting. */
export function checkPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new Error(`Port ${port} of 127.0.0.1 is in use: choose another one.`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * nginx on 127.0.0.1:`port` in front of `instances` (host:port each), with the config of
 * nginx-config.ts, its log in `folder`. Resolves once it answers /api/health, which the instances
 * do by then. One worker: on a small machine the cores are the instances'.
 */
export async function startLoadBalancer(
  folder: string,
  port: number,
  instances: readonly string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  // A prefix of its own, not in `folder`: run as root, nginx gives its prefix (where it keeps
  // request bodies) to its workers' user, who could not get through `folder` (mode 700).
  const { prefix, args } = prepareNginx(clusterNginxConfig({ listen: `127.0.0.1:${port}`, instances }), {
    workers: 1,
  });
  const removePrefix = () => fs.rmSync(prefix, { recursive: true, force: true });
  process.once('exit', removePrefix);
  const logFile = path.join(folder, 'nginx.log');
  const child = startChild(NGINX, args, { cwd: prefix, env: process.env, logFile });
  const stop = async (graceMs: number) => {
    await child.stop(graceMs);
    process.off('exit', removePrefix);
    removePrefix();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!child.running()) {
      await stop(0);
      throw new Error(`nginx stopped while starting.\n${logTail(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop(1_000);
      throw new Error(
        `nginx did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s.\n${logTail(logFile)}`,
      );
    }
    await sleep(100);
  }
  return { url, stop: () => stop(5_000) };
}
