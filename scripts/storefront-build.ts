/**
 * One storefront build, in a process of its own (decision 074). The rebuild service starts it as
 * soon as it sees a change: it loads Astro and what the project's config imports while the
 * change's debounce runs, then waits. `{ type: 'build', outputDir }` on its IPC channel makes it
 * run `astro build` into that folder (Astro's JavaScript API, as the CLI does) and exit: 0 when
 * the build succeeded, 1 when it failed, after printing why. It exits too when the service lets
 * go of it (the channel closes).
 */
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// What the astro CLI does: compiled code is kept between builds, except on CI, where it never is
// used again.
if (!process.env.CI) module.enableCompileCache?.();

const root = path.resolve(import.meta.dirname, '..');
process.once('disconnect', () => process.exit(0));

const { build } = await import('astro');
// The config's imports (the adapter, the integrations, the Vite plugins) are Astro's first work.
await import(pathToFileURL(path.join(root, 'astro.config.mjs')).href);

process.once('message', (message: { type?: unknown; outputDir?: unknown }) => {
  if (message?.type !== 'build' || typeof message.outputDir !== 'string') {
    console.error('storefront-build: expected { type: "build", outputDir }');
    process.exit(1);
  }
  // astro.config.mjs reads the output folder from the environment when Astro loads it.
  process.env.SHOP_BUILD_OUT_DIR = message.outputDir;
  build({ root, logLevel: 'silent' }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(failureText(error));
      process.exit(1);
    },
  );
});
process.send?.({ type: 'ready' });

/** The error as the dashboard shows a failed build: its message and hint first, then where. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const hint = 'hint' in error && typeof error.hint === 'string' ? `\nHint: ${error.hint}` : '';
  const where = (error.stack ?? '').split('\n').slice(1, 8).join('\n');
  return `${error.name}: ${error.message}${hint}${where ? `\n${where}` : ''}`;
}
