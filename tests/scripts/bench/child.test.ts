import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const CHILD_MODULE = path.resolve(import.meta.dirname, '../../../scripts/bench/child.ts');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('a bench that dies of an uncaught error stops the processes it started', async () => {
  // A stand-in bench: starts a long-lived process, says its pid, then throws outside any handler.
  const bench = `
    import { spawnProcess } from ${JSON.stringify(CHILD_MODULE)};
    const server = spawnProcess('server', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], process.cwd());
    console.log(server.process.pid);
    setTimeout(() => { throw new Error('nobody caught this'); }, 200);
  `;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', bench], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  parent.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => parent.on('close', resolve));
  expect(code).not.toBe(0);
  const pid = Number(output.trim());
  expect(pid).toBeGreaterThan(0);
  await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
});
