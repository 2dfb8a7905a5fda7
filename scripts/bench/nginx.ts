import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Child, spawnProcess, stopChild } from './child.ts';

const NGINX = '/usr/sbin/nginx';

/** nginx from Debian, installed when missing (as root); null with the reason when it cannot be had. */
export function ensureNginx(): string | null {
  if (fs.existsSync(NGINX)) return null;
  if (process.getuid?.() !== 0)
    return 'nginx is missing; install it with: sudo apt-get install -y nginx-light';
  console.info('Installing nginx from Debian for the side-by-side figure…');
  const result = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq nginx-light'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0 && fs.existsSync(NGINX) ? null : 'could not install nginx from Debian';
}

/**
 * nginx serving a build's client folder on a loopback port, one worker per core (its `auto`),
 * so both serve the same file from the same machine.
 */
export function startNginx(clientDir: string, port: number): { child: Child; stop: () => Promise<unknown> } {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-nginx-'));
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `daemon off;
worker_processes ${os.availableParallelism()};
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
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const nginx = spawnProcess('nginx', NGINX, ['-c', config, '-p', prefix], prefix);
  return {
    child: nginx,
    stop: async () => {
      await stopChild(nginx, 5_000);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
