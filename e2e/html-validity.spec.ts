import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures/test.ts';
import { newestProductPage, orderPage, PAGE_TYPES } from './support/page-types.ts';

const JAR = path.resolve(import.meta.dirname, '..', 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string };

/**
 * The Nu HTML checker (vnu.jar, run with Debian's Java) over the server HTML of every page type,
 * and over the SINGLES fragment inside a page shell: no error, no warning.
 */
test('the Nu HTML checker finds no error or warning on any page type', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const java = spawnSync('java', ['-version']);
  expect(
    java.error,
    'Java is missing: apt-get install -y default-jre-headless (.ci/run does it)',
  ).toBeUndefined();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-vnu-'));
  try {
    const names = new Map<string, string>();
    const order = await orderPage();
    const urls = [...PAGE_TYPES, await newestProductPage(), ...(order ? [order] : [])];
    for (const [index, url] of urls.entries()) {
      const response = await fetch(new URL(url, baseURL));
      expect(response.headers.get('content-type'), url).toContain('text/html');
      const file = path.join(dir, `${String(index).padStart(2, '0')}.html`);
      fs.writeFileSync(file, await response.text());
      names.set(file, url);
    }
    const fragment = await (await fetch(new URL('/partials/singles-menu', baseURL))).text();
    const shell = path.join(dir, 'singles-menu.html');
    fs.writeFileSync(
      shell,
      `<!doctype html><html lang="el"><head><meta charset="utf-8"><title>SINGLES</title></head><body><nav aria-label="SINGLES">${fragment}</nav></body></html>`,
    );
    names.set(shell, '/partials/singles-menu');

    const run = spawnSync('java', ['-jar', JAR, '--format', 'json', '--exit-zero-always', '--stdout', dir], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const found = messages
      .filter((message) => message.type === 'error' || message.subType === 'warning')
      .map((message) => {
        const file = message.url.replace(/^file:/, '');
        return `${names.get(file) ?? file}: ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message} [${message.extract ?? ''}]`;
      });
    expect(found).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
