import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type BuildOutcome = { ok: true } | { ok: false; error: string };

export type BuilderOptions = {
  root: string;
  dataDir: string;
  /**
   * The folder the process builds into from its start, as Astro needs it before it bundles the
   * code; a finished build is moved to the folder `build` names.
   */
  workDir: string;
  /** The public address; the same for every build, or the incremental cache never matches. */
  siteUrl: string;
  quiet?: boolean;
  /** The build process's script; tests give a stand-in. */
  script?: string;
};

/** A build process that is bundling the code or waiting, ready to build once. */
export type Builder = {
  /**
   * Builds the pages from the data as it is now and moves the build to `outputDir`; `onProgress`
   * gets short status lines. Call it once.
   */
  build(outputDir: string, onProgress?: (line: string) => void): Promise<BuildOutcome>;
  /**
   * Ends the process and resolves once it has exited: one not asked yet builds nothing, and a
   * build under way ends unfinished (its outcome says so). A stopping server does not wait for it.
   */
  cancel(): Promise<void>;
  /** Whether its process has ended: one that ended before it was asked can build nothing. */
  ended(): boolean;
};

/**
 * A build's outcome when `cancel` ended it; the dashboard shows it after «Απέτυχε:», in Greek as
 * the owner reads it (a failed build's own output is Astro's, in English).
 */
export const CANCELLED_ERROR = 'Η δημιουργία διακόπηκε πριν ολοκληρωθεί, επειδή σταμάτησε ο διακομιστής.';

/** The script of the storefront's build processes (what the bench leaves out of the server's memory). */
export const BUILD_SCRIPT = path.join('scripts', 'storefront-build.ts');

/**
 * Starts a storefront build process (scripts/storefront-build.ts) on the pinned Node, with the
 * incremental cache kept in the data folder. It loads Astro and bundles the code into `workDir` at
 * once, then renders the pages when `build` is called: what comes before the pages (about half of
 * an incremental build at 10,000 products, docs/benchmarks.md) is done by then, ahead of the
 * change or during its debounce (decisions 074 and 105).
 */
export function startAstroBuilder(options: BuilderOptions): Builder {
  const { workDir } = options;
  const child = fork(options.script ?? path.join(options.root, BUILD_SCRIPT), [], {
    cwd: options.root,
    env: {
      ...process.env,
      // Set before Astro and React load, as `astro build` sets it.
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      DATA_DIR: options.dataDir,
      SITE_URL: options.siteUrl,
      SHOP_BUILD_CACHE_DIR: path.join(options.dataDir, 'build-cache'),
      SHOP_BUILD_OUT_DIR: workDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      // Rolldown's allocator (mimalloc) gives freed memory back at once, not later: a process
      // waiting to build holds less (decision 105; docs/benchmarks.md, Builds).
      MIMALLOC_PURGE_DELAY: process.env.MIMALLOC_PURGE_DELAY ?? '0',
    },
    // The server's own V8 flags are for serving, not for a batch job (decision 061); gc, so that
    // a process waiting to build lets go of its bundling's garbage (decision 105).
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const tail: string[] = [];
  let listener: ((line: string) => void) | undefined;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes.
      const text = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
      if (!text) continue;
      tail.push(text);
      if (tail.length > 40) tail.shift();
      if (!options.quiet) console.info(`  [build] ${text}`);
      listener?.(text);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const ended = endOf(child, tail);
  // Said once it listens for the order to build, so the order is never sent into the void.
  const ready = new Promise<void>((resolve) =>
    child.on('message', (message: { type?: unknown }) => {
      if (message?.type === 'ready') resolve();
    }),
  );
  let asked = false;
  let cancelled = false;

  return {
    async build(outputDir, onProgress) {
      if (asked) throw new Error('A builder builds once');
      asked = true;
      listener = onProgress;
      // A process that has ended (it could not load Astro, or bundling failed) gets no order; its
      // output says why.
      const sent = await Promise.race([ready.then(() => child.connected), ended.then(() => false)]);
      if (sent) child.send({ type: 'build' });
      const code = await ended;
      if (!cancelled && sent && code === 0) {
        try {
          fs.mkdirSync(path.dirname(outputDir), { recursive: true });
          fs.renameSync(workDir, outputDir);
          return { ok: true };
        } catch (error) {
          fs.rmSync(workDir, { recursive: true, force: true });
          return {
            ok: false,
            error: `the build could not be moved to ${outputDir}: ${(error as Error).message}`,
          };
        }
      }
      fs.rmSync(workDir, { recursive: true, force: true });
      if (cancelled) return { ok: false, error: CANCELLED_ERROR };
      const reason = tail.slice(-15).join('\n');
      return { ok: false, error: reason || `the build process exited with ${code ?? 'a signal'}` };
    },
    async cancel() {
      if (!asked) {
        asked = true;
        cancelled = true;
        if (child.connected) child.disconnect();
        else child.kill();
      } else if (child.exitCode === null && child.signalCode === null) {
        cancelled = true;
        // Not by closing the channel: the build process takes that as "done" and exits with 0.
        child.kill('SIGTERM');
      }
      await ended;
      if (cancelled) fs.rmSync(workDir, { recursive: true, force: true });
    },
    ended: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/**
 * Resolves with the process's exit code (null: killed, or never started) once it has exited and
 * its output has been read. Not on 'close': after the service lets go of the IPC channel, Node
 * emits no 'close' for the process.
 */
function endOf(child: ChildProcess, tail: string[]): Promise<number | null> {
  const drained = (stream: NodeJS.ReadableStream | null) =>
    new Promise<void>((resolve) => (stream ? stream.once('close', () => resolve()) : resolve()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      tail.push(error.message);
      resolve(null);
    });
    child.once('exit', (code) => resolve(code));
  });
  return Promise.all([exited, drained(child.stdout), drained(child.stderr)]).then(([code]) => code);
}
