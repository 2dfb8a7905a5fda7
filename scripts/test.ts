/**
 * npm test: type-check, lint, vitest (unit + integration) and Playwright e2e, then one closing
 * line `N passed, N failed` with the totals over all suites (CI reads that line).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs one suite
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

function ensureChromium(): string {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return chromium;
  const install = 'apt-get update && apt-get install -y chromium';
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing for the e2e tests. Install it with:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.info('Chromium is missing: installing it from Debian…');
  if (spawnSync('sh', ['-c', install], { stdio: 'inherit' }).status !== 0 || !fs.existsSync(chromium)) {
    console.error(`Could not install Chromium. Run: ${install}`);
    process.exit(1);
  }
  return chromium;
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
if (wanted('e2e')) {
  const chromium = ensureChromium();
  const file = path.join(results, 'e2e.json');
  fs.rmSync(file, { force: true });
  const status = run(bin('playwright'), ['test', '--reporter=list,json'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(file);
  tallies.push({
    suite: 'e2e',
    passed: report ? report.stats.expected : 0,
    failed: report
      ? report.stats.unexpected + report.stats.flaky + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0)
      : 1,
  });
}

console.info('\nSuites:');
for (const tally of tallies)
  console.info(`  ${tally.suite.padEnd(16)} ${tally.passed} passed, ${tally.failed} failed`);
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
