import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileServer } from '../../../scripts/compile-server.mjs';
import { MAIN_V8_FLAGS } from '../../../src/server/serving/server-flags.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-compiled-'));
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

/** Every module a bundle imports, statically or on use. */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["']([^"']+)["']/gm)];
  return found.map((match) => match[1] ?? '');
}

describe('the server npm start runs (decision 062)', () => {
  it('is bundled as JavaScript that imports only packages and Node, never a TypeScript file', async () => {
    const { start, worker } = await compileServer(root, outdir);
    for (const file of [start, worker]) {
      const imports = importsOf(file);
      expect(imports).toContain('better-sqlite3');
      const own = imports.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'));
      expect(own, file).toEqual([]);
      expect(imports.filter((specifier) => specifier.endsWith('.ts'))).toEqual([]);
    }
    expect(fs.readdirSync(outdir).sort()).toEqual(['start.mjs', 'web-worker.mjs']);
  });

  it('starts the main process with its V8 flags on the command line', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.scripts.start).toBe(`node ${MAIN_V8_FLAGS.join(' ')} scripts/serve.mjs`);
  });
});
