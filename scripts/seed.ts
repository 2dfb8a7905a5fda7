/**
 * npm run seed [-- --reset] [-- --products N]
 * Fills an empty data folder with the demo shop; --reset starts over; --products N adds N generated singles.
 */
import { argValue, loadEnvOrExit, openContainerOrExit } from './cli.ts';
import { ensureAdmin } from './seed/admin-account.ts';
import { resetDataDir, seedShop } from './seed/seed-shop.ts';

const args = process.argv.slice(2);
const env = loadEnvOrExit();
const extra = argValue(args, '--products');
const extraProducts = extra === undefined ? 0 : Number(extra);
if (!Number.isInteger(extraProducts) || extraProducts < 0 || extraProducts > 1_000_000) {
  console.error('--products takes a whole number from 0 to 1000000');
  process.exit(1);
}

if (args.includes('--reset')) resetDataDir(env.dataDir);
const container = await openContainerOrExit(env);
const started = performance.now();
const report = await seedShop(container, { extraProducts });
const admin = await ensureAdmin(container);
console.info(
  `Seeded ${env.dataDir}: ${report.categories} categories, ${report.products} products in ${Math.round(performance.now() - started)} ms.`,
);
if (admin.password) console.info(`Admin: ${admin.email} / ${admin.password}`);
container.close();
