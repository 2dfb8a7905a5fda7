/**
 * npm run rebuild: builds the storefront from the current data now. A running `npm start`
 * notices the new build and swaps it in; if another build is under way, this one waits its turn.
 */
import path from 'node:path';
import { createRebuildService } from '../src/server/rebuild/rebuild-service.ts';
import { loadEnvOrExit, openContainerOrExit } from './cli.ts';
import { seedShop } from './seed/seed-shop.ts';

const root = path.resolve(import.meta.dirname, '..');
const env = loadEnvOrExit();
const container = await openContainerOrExit(env);
await seedShop(container);
const service = createRebuildService({
  root,
  dataDir: env.dataDir,
  siteUrl: env.siteUrl,
  builds: container.builds,
  artifacts: container.buildArtifacts,
  debounceMs: 0,
});
const started = performance.now();
const current = await service.buildNow();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (current) {
  console.info(`Storefront build ${current.buildId} ready in ${seconds} s: ${current.outputDir}`);
} else {
  const state = await container.builds.state();
  console.error(
    state.running
      ? 'Another build is under way; try again when it ends.'
      : `Build failed:\n${state.lastFailure?.error}`,
  );
  process.exitCode = 1;
}
container.close();
