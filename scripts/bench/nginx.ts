import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureNginx as ensureDebianNginx, NGINX, prepareNginx } from '../nginx.ts';
import { type Child, spawnProcess, stopChild } from './child.ts';

/** nginx from Debian, installed when missing (as root); null with the reason when it cannot be had. */
export function ensureNginx(): string | null {
  return ensureDebianNginx('the side-by-side figure');
}

/**
 * nginx serving one pre-rendered page of a build on a loopback port, one worker per core (its
 * `auto`), so both serve the same file from the same machine. The bench asks as browsers do, for
 * gzip, and the shop answers from gzip it made once; so nginx gets the page gzipped beside it
 * (`gzip_static`), its own fastest way to answer the same request.
 */
export function startNginx(
  clientDir: string,
  page: string,
  port: number,
): { child: Child; stop: () => Promise<unknown> } {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-nginx-'));
  const site = path.join(prefix, 'site');
  const file = path.join(page, 'index.html');
  const html = fs.readFileSync(path.join(clientDir, file));
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  fs.writeFileSync(path.join(site, file), html);
  fs.writeFileSync(path.join(site, `${file}.gz`), gzipSync(html));
  // Its workers run as an unprivileged user and must read the page (mkdtemp makes it 0700).
  fs.chmodSync(prefix, 0o755);
  const { args } = prepareNginx(
    `server {
  listen 127.0.0.1:${port};
  root ${site};
  gzip_static on;
  location / { try_files $uri $uri/index.html =404; }
}`,
    { prefix },
  );
  const nginx = spawnProcess('nginx', NGINX, args, prefix);
  return {
    child: nginx,
    stop: async () => {
      await stopChild(nginx, 5_000);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
