// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { compiledPath, compileServer, SHARED_SOURCE } from './scripts/compile-server.mjs';
import { extraCspSources } from './src/server/http/csp-sources.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * One module graph per process (decision 079): the server build does not bundle the shop's own
 * server code (src/server, adapters, ports, domain, lib). It imports the compiled copy in
 * .server/ that npm start's processes run (scripts/compile-server.mjs), by absolute path, so a
 * worker that loads a build shares every module, and its state, with its own fast path. The
 * copy is compiled when a build starts, so a build never points at code older than its own.
 * `astro dev` serves the sources as they are.
 */
/** @type {import('vite').Plugin} */
const sharedServerModules = {
  name: 'cardshop:shared-server-modules',
  apply: 'build',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.config.consumer === 'server',
  async buildStart() {
    await compileServer(root);
  },
  async resolveId(source, importer, options) {
    if (!importer) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || resolved.external) return null;
    const file = resolved.id.split('?', 1)[0] ?? '';
    const relative = path.relative(root, file);
    if (!SHARED_SOURCE.test(relative) || !relative.endsWith('.ts')) return null;
    return { id: compiledPath(root, file), external: 'absolute' };
  },
};

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that when a schema
 * is made; under our CSP (no 'unsafe-eval') the probe is reported as a violation even though zod
 * catches it. Islands that reach zod run this first (Astro loads before-hydration scripts before
 * any island's code), so the browser never probes.
 */
/** @type {import('astro').AstroIntegration} */
const zodWithoutEval = {
  name: 'cardshop:zod-without-eval',
  hooks: {
    'astro:config:setup': ({ injectScript }) =>
      injectScript('before-hydration', "import { config } from 'zod/v4/core'; config({ jitless: true });"),
  },
};

const extra = extraCspSources(process.env);

// The rebuild service (src/server/rebuild/) builds each storefront version into its own folder
// under the data folder and swaps it in; a plain `astro build` writes ./dist.
export default defineConfig({
  site: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  output: 'static',
  // staticHeaders: each pre-rendered page's CSP goes to _headers.json, which our server sends as a
  // header (src/server/http/security-headers.ts); on-demand pages get theirs from Astro directly.
  adapter: node({ mode: 'middleware', bodySizeLimit: 25 * 1024 * 1024, staticHeaders: true }),
  integrations: [react(), zodWithoutEval],
  outDir: process.env.SHOP_BUILD_OUT_DIR ?? './dist',
  cacheDir: process.env.SHOP_BUILD_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  build: {
    format: 'directory',
    // Pages of one build are made a few at a time: a page restored from the incremental cache is
    // mostly waiting for its file copy, and at 100k products there are 1,400 of them (decision 070).
    concurrency: 4,
  },
  security: {
    checkOrigin: true,
    // Astro hashes every script and style it emits; nothing inline runs without its hash.
    // frame-ancestors cannot live here (a meta tag may not carry it): the server adds it.
    csp: {
      directives: [
        "default-src 'self'",
        /** @type {`img-src ${string}`} */ (["img-src 'self' data: blob:", ...extra.img].join(' ')),
        "font-src 'self'",
        /** @type {`connect-src ${string}`} */ (["connect-src 'self'", ...extra.connect].join(' ')),
        // The dashboard compresses images in a blob: worker (browser-image-compression).
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), sharedServerModules],
    ssr: { external: ['better-sqlite3', 'sharp'] },
  },
  experimental: { incrementalBuild: true },
});
