import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port.ts';
import { spawnServer } from '../../helpers/shop-server.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** `npm start`'s process with `env` on an empty data folder, run to its end: its exit code and stderr. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-bad-url-'));
  folders.push(dataDir);
  const child = spawnServer(dataDir, await freePort(), env);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout?.resume();
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
