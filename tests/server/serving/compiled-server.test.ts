import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledPath, compileServer } from '../../../scripts/compile-server.mjs';
import { MAIN_V8_FLAGS } from '../../../src/server/serving/server-flags.ts';
import { prepareDataDir, startServer, webWorkerPids } from '../../helpers/shop-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every module a compiled file imports, statically or on use. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["']([^"']+)["']/gm)];
  return found.map((match) => match[1] ?? '');
}

/** The compiled files `entry` loads, following its relative imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(file))
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
  };
  visit(entry);
  return seen;
}

describe('the server npm start runs (decisions 062 and 079)', () => {
  it('is JavaScript, one module per source file, that never imports a TypeScript file', async () => {
    const { start, worker } = await compileServer(root);
    expect(start).toBe(path.join(root, '.server', 'scripts', 'start.mjs'));
    for (const entry of [start, worker]) {
      const files = reachable(entry);
      expect(files.size).toBeGreaterThan(20);
      for (const file of files) {
        expect(fs.existsSync(file), file).toBe(true);
        expect(file.endsWith('.mjs'), file).toBe(true);
        expect(
          importsOf(file).filter((specifier) => specifier.endsWith('.ts')),
          file,
        ).toEqual([]);
      }
    }
    expect([...reachable(worker)]).toContain(compiledPath(root, path.join(root, 'src/server/container.ts')));
  });

  it('rewrites only what changed, so running processes keep reading the same files', async () => {
    const { worker } = await compileServer(root);
    const before = fs.statSync(worker).mtimeMs;
    await compileServer(root);
    expect(fs.statSync(worker).mtimeMs).toBe(before);
  });

  it('starts the main process with its V8 flags on the command line', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toBe(`node ${MAIN_V8_FLAGS.join(' ')} scripts/serve.mjs`);
  });

  it("keeps compiled code in Node's compile cache, and its web workers use the same one (decision 112)", async () => {
    // No cache named from outside (npm test names one for its processes): the server enables
    // Node's default, under the temp folder, and hands it on.
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-compile-cache-'));
    const dataDir = await prepareDataDir();
    const server = await startServer(dataDir, { NODE_COMPILE_CACHE: '', TMPDIR: temp });
    try {
      expect((await fetch(`${server.url}/about-us`)).status).toBe(200);
      const cache = path.join(temp, 'node-compile-cache');
      const workerEnvironments = webWorkerPids(server).map((pid) =>
        fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'),
      );
      expect(workerEnvironments.length).toBeGreaterThan(0);
      for (const environment of workerEnvironments)
        expect(environment).toContain(`NODE_COMPILE_CACHE=${cache}`);
      // Node writes a process's cache as it exits.
      await server.kill('SIGTERM');
      expect(fs.readdirSync(cache).length).toBeGreaterThan(0);
    } finally {
      await server.kill('SIGKILL');
      fs.rmSync(temp, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
