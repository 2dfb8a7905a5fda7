import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

/**
 * The shop's server code as plain JavaScript, one module per source file, in `.server/` (decision
 * 062, one module graph: decision 079): `src/{server,adapters,ports,domain,lib}` and `scripts/`
 * become `.server/src/…/x.mjs` and `.server/scripts/x.mjs`, their own imports pointing at each
 * other. npm start runs the main process and its workers from here, so no long-running process
 * loads TypeScript, and every storefront build imports these same files (astro.config.mjs), so a
 * worker holds one copy of each module: the one its fast path and its Astro routes share.
 * Packages stay imports of node_modules. A file is rewritten only when its content changes.
 */
export const SHARED_SOURCE = /^src\/(server|adapters|ports|domain|lib)\//;

/** Where the compiled copy of a source file lives (`src/lib/log.ts` -> `.server/src/lib/log.mjs`). */
export function compiledPath(root, file) {
  const relative = path.relative(root, file);
  return path.join(root, '.server', relative.replace(/\.ts$/, '.mjs'));
}

function sources(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(relative);
    }
  };
  for (const dir of ['src/server', 'src/adapters', 'src/ports', 'src/domain', 'src/lib', 'scripts'])
    walk(dir);
  return found;
}

/** `./x.ts` -> `./x.mjs` in every static and dynamic import and re-export of a relative path. */
const RELATIVE_TS = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+?)\.ts\2/g;

export async function compileServer(root) {
  const outdir = path.join(root, '.server');
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: sources(root),
    outbase: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'error',
  });
  // The esbuild service (a child process) is not needed again.
  await stop();
  for (const file of outputFiles) {
    const code = file.text.replace(RELATIVE_TS, '$1$2$3.mjs$2');
    if (fs.existsSync(file.path) && fs.readFileSync(file.path, 'utf8') === code) continue;
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    // Several test servers start at once: each file is replaced whole, never half-written.
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file.path);
  }
  return {
    start: path.join(outdir, 'scripts', 'start.mjs'),
    worker: path.join(outdir, 'scripts', 'web-worker.mjs'),
  };
}
