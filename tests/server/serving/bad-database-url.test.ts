import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** `npm start`'s process with `env`, run to its end: its exit code and what it wrote to stderr. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-bad-url-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

// Issue 31: a wrong or unreachable DATABASE_URL stops the start with one clear line, never a stack
// trace, and the password never shows (the adapter's own message: tests/adapters/postgres).
it('npm start with an unreachable DATABASE_URL ends at once with one line, the password masked', async () => {
  const port = await freePort();
  const { code, stderr } = await start({
    DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${port}/cardshop`,
  });
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toEqual([
    `Cannot use PostgreSQL at 127.0.0.1:${port} (database cardshop, user shop, password ****): ` +
      `connect ECONNREFUSED 127.0.0.1:${port}`,
  ]);
  expect(stderr).not.toContain('s3cret');
});
