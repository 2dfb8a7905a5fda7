import fs from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

/**
 * Bundles the server's two programs, scripts/start.ts and scripts/web-worker.ts, into plain
 * JavaScript (`start.mjs` and `web-worker.mjs` in `outdir`; decision 062). Only the shop's own code
 * is bundled: packages stay imports of node_modules, resolved as before. Plain JavaScript itself,
 * so that the process that runs it loads no TypeScript.
 */
export async function compileServer(root, outdir) {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: { start: 'scripts/start.ts', 'web-worker': 'scripts/web-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'error',
  });
  // The esbuild service (a child process) is not needed again.
  await stop();
  fs.mkdirSync(outdir, { recursive: true });
  for (const file of outputFiles) {
    // The test suites start several servers at once: each file is replaced whole, never half-written.
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  return { start: path.join(outdir, 'start.mjs'), worker: path.join(outdir, 'web-worker.mjs') };
}
