/**
 * npm test: type-check, lint, vitest (unit + integration) and Playwright e2e, then one closing
 * line `N passed, N failed` with the totals over all suites (CI reads that line).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';
import { reportCoreDumps } from './core-dumps.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs one suite (or check, lint, e2e, e2e-hosted)
const wanted = (suite: string) => only.length === 0 || only.includes(suite);

type Tally = { suite: string; passed: number; failed: number };
const tallies: Tally[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.info(`\n$ ${path.basename(command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

fs.mkdirSync(results, { recursive: true });

if (wanted('check')) {
  const failed = run(bin('astro'), ['check', '--minimumSeverity', 'warning']) !== 0;
  tallies.push({ suite: 'type-check', passed: failed ? 0 : 1, failed: failed ? 1 : 0 });
}
if (wanted('lint')) {
  const failed = run(bin('biome'), ['check', '.']) !== 0;
  tallies.push({ suite: 'lint and format', passed: failed ? 0 : 1, failed: failed ? 1 : 0 });
}
if (wanted('unit')) {
  const file = path.join(results, 'vitest.json');
  fs.rmSync(file, { force: true });
  const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`]);
  const report = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
  tallies.push({
    suite: 'vitest',
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1,
  });
}
type E2eReport = { stats: { expected: number; unexpected: number; flaky: number } };

/**
 * One Playwright run; its own port and data folder come from its process (playwright.config.ts).
 * `logFile`: the run's output goes there and is printed when it ends, so two runs in parallel do
 * not interleave their lines.
 */
function runE2e(suite: string, env: NodeJS.ProcessEnv, logFile?: string): Promise<Tally> {
  const file = path.join(results, `${suite}.json`);
  fs.rmSync(file, { force: true });
  console.info(
    `\n$ playwright test  (${suite}${logFile ? `, output in ${path.relative(root, logFile)}` : ''})`,
  );
  const child = spawn(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: root,
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (logFile) {
    const log = fs.createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (logFile) console.info(`\n--- ${suite} ---\n${fs.readFileSync(logFile, 'utf8')}`);
      const report = readJson<E2eReport>(file);
      resolve({
        suite,
        passed: report ? report.stats.expected : 0,
        failed: report
          ? report.stats.unexpected +
            report.stats.flaky +
            (code !== 0 && report.stats.unexpected === 0 ? 1 : 0)
          : 1,
      });
    });
  });
}

// The suite once on the embedded backends, and once with every backend hosted (commerce on the
// Shopify double; documents, auth and mail on the emulators and the EmailJS recorder): in
// parallel, each on its own port and data folder (decision 026).
const e2eRuns: Array<Promise<Tally>> = [];
if (wanted('e2e') || wanted('e2e-hosted')) {
  const chromium = ensureChromium('the e2e tests');
  if (wanted('e2e')) e2eRuns.push(runE2e('e2e', { CHROMIUM_PATH: chromium }));
  if (wanted('e2e-hosted'))
    e2eRuns.push(
      runE2e(
        'e2e-hosted',
        { CHROMIUM_PATH: chromium, E2E_BACKENDS: 'hosted' },
        path.join(results, 'e2e-hosted.log'),
      ),
    );
}
tallies.push(...(await Promise.all(e2eRuns)));

// A server that crashes leaves only "Segmentation fault" in its suite's output; where `.ci/run`
// allows core dumps, the dump says where it crashed.
reportCoreDumps(root, results);

console.info('\nSuites:');
for (const tally of tallies)
  console.info(`  ${tally.suite.padEnd(16)} ${tally.passed} passed, ${tally.failed} failed`);
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
