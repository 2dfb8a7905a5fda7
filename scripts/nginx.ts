/**
 * nginx from Debian for the scripts that put it beside or in front of the shop: the bench's
 * side-by-side figure (scripts/bench/nginx.ts) and the cluster demo's load balancer
 * (scripts/cluster/). Each runs its own nginx in the foreground on a temp prefix folder, never the
 * system's service.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const INSTALL = 'apt-get update && apt-get install -y nginx';

/**
 * nginx, installed from Debian when missing if this runs as root. Null when it is there; else
 * why it cannot be had, with the exact command to run. `purpose` says what needs it.
 */
export function ensureNginx(purpose: string): string | null {
  if (fs.existsSync(NGINX)) return null;
  if (process.getuid?.() !== 0)
    return `nginx is missing for ${purpose}. Install it with:\n  sudo sh -c '${INSTALL}'`;
  console.info(`nginx is missing for ${purpose}: installing it from Debian…`);
  // Without a terminal, a package's question would wait forever.
  const result = spawnSync('sh', ['-c', INSTALL], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0 && fs.existsSync(NGINX) ? null : `Could not install nginx. Run: ${INSTALL}`;
}

/** The main config around the `http` block's own lines (servers, upstreams), for `prefix`. */
export function nginxConfig(prefix: string, http: string, workers: number): string {
  const indented = http
    .trim()
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
  // Temp files (request bodies, buffered answers) in the prefix: as root, nginx hands the folder to
  // its workers' unprivileged user when it starts.
  return `daemon off;
worker_processes ${workers};
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix};
  proxy_temp_path ${prefix};
  fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix};
  scgi_temp_path ${prefix};
${indented}
}
`;
}

/**
 * A prefix folder (`prefix`, else a new temp one) holding nginx.conf with `http` inside, and
 * nginx's command line to run it in the foreground (its workers: one per core unless told). The
 * caller runs it and deletes the folder when it has stopped.
 */
export function prepareNginx(
  http: string,
  options: { workers?: number; prefix?: string } = {},
): { prefix: string; args: string[] } {
  const prefix = options.prefix ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-nginx-'));
  fs.mkdirSync(prefix, { recursive: true });
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(config, nginxConfig(prefix, http, options.workers ?? os.availableParallelism()));
  return { prefix, args: ['-c', config, '-p', prefix] };
}
