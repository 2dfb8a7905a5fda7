import fs from 'node:fs';
import { ensureNginx as ensureDebianNginx, NGINX, prepareNginx } from '../nginx.ts';
import { type Child, spawnProcess, stopChild } from './child.ts';

/** nginx from Debian, installed when missing (as root); null with the reason when it cannot be had. */
export function ensureNginx(): string | null {
  return ensureDebianNginx('the side-by-side figure');
}

/**
 * nginx serving a build's client folder on a loopback port, one worker per core (its `auto`),
 * so both serve the same file from the same machine.
 */
export function startNginx(clientDir: string, port: number): { child: Child; stop: () => Promise<unknown> } {
  const { prefix, args } = prepareNginx(`server {
  listen 127.0.0.1:${port};
  root ${clientDir};
  location / { try_files $uri $uri/index.html =404; }
}`);
  const nginx = spawnProcess('nginx', NGINX, args, prefix);
  return {
    child: nginx,
    stop: async () => {
      await stopChild(nginx, 5_000);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
