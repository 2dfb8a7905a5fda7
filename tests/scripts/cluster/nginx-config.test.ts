import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterNginxConfig } from '../../../scripts/cluster/nginx-config.ts';
import { NGINX, prepareNginx } from '../../../scripts/nginx.ts';

const instances = ['127.0.0.1:4001', '127.0.0.1:4002', '127.0.0.1:4003'];
const config = clusterNginxConfig({ listen: '127.0.0.1:8080', instances });
/** The config's directives, comments left out. */
const directives = config
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter((line) => line !== '');

describe('the cluster nginx config', () => {
  it('balances over every instance, taking a failing one out for a while', () => {
    expect(directives).toEqual(
      expect.arrayContaining([
        'upstream cardshop {',
        'server 127.0.0.1:4001 max_fails=1 fail_timeout=5s;',
        'server 127.0.0.1:4002 max_fails=1 fail_timeout=5s;',
        'server 127.0.0.1:4003 max_fails=1 fail_timeout=5s;',
        'listen 127.0.0.1:8080;',
        'proxy_pass http://cardshop;',
      ]),
    );
  });

  it('retries on another instance only what is safe to send twice', () => {
    expect(directives).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(directives).toContain('proxy_next_upstream_tries 3;');
    expect(config).not.toMatch(/^\s*proxy_next_upstream .*non_idempotent/m);
    expect(directives).toContain('proxy_connect_timeout 1s;');
  });

  it('tells the shop who the client is, as it reads it with TRUST_PROXY=1', () => {
    expect(directives).toEqual(
      expect.arrayContaining([
        'proxy_set_header Host $http_host;',
        'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
      ]),
    );
  });

  it('keeps connections to the instances open, closing them before the shop would', () => {
    expect(directives).toEqual(
      expect.arrayContaining([
        'keepalive 32;',
        'keepalive_timeout 4s;',
        'proxy_http_version 1.1;',
        'proxy_set_header Connection "";',
      ]),
    );
  });

  it('needs at least one instance', () => {
    expect(() => clusterNginxConfig({ listen: '80', instances: [] })).toThrow('at least one instance');
  });

  it.skipIf(!fs.existsSync(NGINX))('is a config nginx accepts', () => {
    const { prefix, args } = prepareNginx(config, { workers: 1 });
    try {
      const checked = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
      expect(checked.stderr).toContain('syntax is ok');
      expect(checked.status).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});
