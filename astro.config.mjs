// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// The rebuild service (src/server/rebuild/) builds each storefront version into its own folder
// under the data folder and swaps it in; a plain `astro build` writes ./dist.
export default defineConfig({
  site: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  output: 'static',
  adapter: node({ mode: 'standalone', bodySizeLimit: 25 * 1024 * 1024 }),
  integrations: [react()],
  outDir: process.env.SHOP_BUILD_OUT_DIR ?? './dist',
  cacheDir: process.env.SHOP_BUILD_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  build: { format: 'directory' },
  security: { checkOrigin: true },
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['better-sqlite3', 'sharp'] },
  },
  experimental: { incrementalBuild: true },
});
