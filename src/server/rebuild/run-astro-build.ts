import { spawn } from 'node:child_process';
import path from 'node:path';

export type BuildOutcome = { ok: true } | { ok: false; error: string };

/**
 * Runs `astro build` in a child process (the pinned Node), writing into `outputDir`, with the
 * incremental cache kept in the data folder. `onProgress` gets short status lines.
 */
export function runAstroBuild(options: {
  root: string;
  dataDir: string;
  /** The public address; the same for every build, or the incremental cache never matches. */
  siteUrl: string;
  outputDir: string;
  onProgress?: (line: string) => void;
  quiet?: boolean;
}): Promise<BuildOutcome> {
  const astro = path.join(options.root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [astro, 'build', '--silent'], {
      cwd: options.root,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        SITE_URL: options.siteUrl,
        SHOP_BUILD_OUT_DIR: options.outputDir,
        SHOP_BUILD_CACHE_DIR: path.join(options.dataDir, 'build-cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes.
        const text = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
        if (!text) continue;
        tail.push(text);
        if (tail.length > 40) tail.shift();
        if (!options.quiet) console.info(`  [build] ${text}`);
        options.onProgress?.(text);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolve({ ok: false, error: error.message }));
    child.on('close', (code) =>
      resolve(
        code === 0
          ? { ok: true }
          : { ok: false, error: tail.slice(-15).join('\n') || `astro build exited with ${code}` },
      ),
    );
  });
}
