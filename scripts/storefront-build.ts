/**
 * One storefront build, in a process of its own (decisions 074 and 105). The rebuild service starts
 * it before it needs the build: it loads Astro and runs `astro build` (Astro's JavaScript API, as
 * the CLI does) into SHOP_BUILD_OUT_DIR at once, as far as Astro's bundling of the code, which no
 * change of data alters, and waits there. `{ type: 'build' }` on its IPC channel, whenever it
 * comes, lets the build go on to the pages, which read the data then; the process exits with 0
 * when the build succeeded, 1 when it failed, after printing why. It exits too when the service
 * lets go of it (the channel closes).
 */
import module from 'node:module';
import path from 'node:path';
import type { AstroIntegration } from 'astro';

// What the astro CLI does: compiled code is kept between builds, except on CI, where it never is
// used again. A build the server starts has the server's cache in NODE_COMPILE_CACHE, CI or not,
// and Node enables it before this line runs (decision 112).
if (!process.env.CI) module.enableCompileCache?.();

const root = path.resolve(import.meta.dirname, '..');
process.once('disconnect', () => process.exit(0));

let ordered: () => void = () => undefined;
const order = new Promise<void>((resolve) => {
  ordered = resolve;
});
process.on('message', (message: { type?: unknown }) => {
  if (message?.type === 'build') ordered();
});
// Said once it listens, so the order is never sent into the void.
process.send?.({ type: 'ready' });

let paused = false;
/**
 * Holds the build where Astro has bundled the code and has yet to render a page: `astro:build:ssr`
 * runs after its three bundles (prerender, server, client) and before the pages are generated.
 */
const waitForTheOrder: AstroIntegration = {
  name: 'cardshop:wait-for-the-order',
  hooks: {
    'astro:build:ssr': async () => {
      paused = true;
      // The bundling's garbage, so the process holds less while it waits (decision 105).
      (globalThis as { gc?: (options: object) => void }).gc?.({
        type: 'major',
        execution: 'sync',
        flavor: 'last-resort',
      });
      await order;
    },
    'astro:build:generated': () => {
      // Pages rendered before the order would hold the data of when the process started.
      if (!paused)
        throw new Error(
          'The build rendered its pages without waiting for the order to build: this version of ' +
            'Astro no longer runs astro:build:ssr before the pages (scripts/storefront-build.ts).',
        );
    },
  },
};

const { build } = await import('astro');
build({ root, logLevel: 'silent', integrations: [waitForTheOrder] }).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(failureText(error));
    process.exit(1);
  },
);

/** The error as the dashboard shows a failed build: its message and hint first, then where. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const hint = 'hint' in error && typeof error.hint === 'string' ? `\nHint: ${error.hint}` : '';
  const where = (error.stack ?? '').split('\n').slice(1, 8).join('\n');
  return `${error.name}: ${error.message}${hint}${where ? `\n${where}` : ''}`;
}
