/**
 * npm test: type-check, lint, vitest (unit, contract, integration and serving, with a throwaway
 * PostgreSQL server: tests/setup/postgres.ts) and Playwright e2e on both backends, then one closing
 * line `N passed, N failed` with the totals over all suites (CI reads that line).
 *
 *   npm test                  everything; vitest and the e2e runs go side by side
 *   npm test -- quick         before a commit: type-check, lint, the quick vitest project and the
 *                             e2e smoke set (every page type, the main flows) on the embedded backend
 *   npm test -- unit e2e …    only the named suites (check, lint, unit, e2e, e2e-hosted, e2e-postgres)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureHeadlessShell } from './chromium.ts';
import { reportCoreDumps } from './core-dumps.ts';
import { e2eDataDir, removeE2eData } from './e2e-data-dir.ts';
import { ensurePostgres, startPostgres } from './postgres.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
const args = process.argv.slice(2);
const quick = args.includes('quick');
const only = args.filter((arg) => arg !== 'quick');
const wanted = (suite: string) => only.length === 0 || only.includes(suite);

type Tally = { suite: string; passed: number; failed: number };
const tallies: Tally[] = [];
const started = performance.now();

// Every Node process of the run (vitest's and Playwright's workers, the shops, their builds) keeps
// the code it compiles in one cache and takes what another compiled before it: the run starts
// hundreds of processes that load the same modules (decision 112).
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile-cache');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Runs one suite in the background. Its output goes to a log file that is printed whole when it
 * ends, so suites running side by side do not interleave their lines. Resolves with its exit code.
 */
function runLogged(
  suite: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  niceness = 0,
): Promise<number> {
  const logFile = path.join(results, `${suite}.log`);
  const niced = niceness > 0 ? `nice -n ${niceness} ` : '';
  console.info(
    `\n$ ${niced}${path.basename(command)} ${args.join(' ')}  (${suite}, output in ${path.relative(root, logFile)})`,
  );
  const [file, fileArgs] =
    niceness > 0 ? ['nice', ['-n', String(niceness), command, ...args]] : [command, args];
  const child = spawn(file, fileArgs, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const log = fs.createWriteStream(logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const minutes = ((performance.now() - started) / 60_000).toFixed(1);
        console.info(`\n--- ${suite} (done at ${minutes} min) ---\n${fs.readFileSync(logFile, 'utf8')}`);
        resolve(code ?? 1);
      });
    });
  });
}

/** One vitest run of a project (vitest.config.ts), or of both; its log and report are named `suite`. */
async function vitest(
  suite: string,
  project: 'quick' | 'processes' | null,
  maxWorkers: number,
): Promise<Tally> {
  const file = path.join(results, `${suite}.json`);
  fs.rmSync(file, { force: true });
  const args = [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${file}`,
    `--maxWorkers=${maxWorkers}`,
  ];
  if (project) args.push('--project', project);
  // The quick set runs the suites over both databases on SQLite alone (vitest.config.ts).
  const status = await runLogged(suite, bin('vitest'), args, quick ? { TEST_DATABASES: 'sqlite' } : {});
  const report = readJson<VitestReport>(file);
  const failuresBefore = failures.length;
  for (const testFile of report?.testResults ?? []) {
    // A file can fail as a whole (a hook that timed out), with no test of it failed.
    if (testFile.status === 'failed' && !testFile.assertionResults.some((test) => test.status === 'failed'))
      failures.push(
        `${suite}: ${path.relative(root, testFile.name)}\n    ${firstLines(testFile.message ?? '')}`,
      );
    for (const test of testFile.assertionResults)
      if (test.status === 'failed')
        failures.push(
          `${suite}: ${path.relative(root, testFile.name)} › ${test.fullName}\n    ${firstLines(test.failureMessages[0] ?? '')}`,
        );
  }
  // An error outside every test (vitest's "Unhandled Errors") fails the run with no test failed.
  if (status !== 0 && failures.length === failuresBefore)
    failures.push(
      `${suite}: vitest exited with ${status}, though no test failed\n    ${errorExcerpt(suite)}`,
    );
  return {
    suite,
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1,
  };
}

type E2eResult = { status: string; errors?: Array<{ message?: string }> };
type E2eSuite = {
  specs?: Array<{ file: string; line: number; title: string; tests: Array<{ results: E2eResult[] }> }>;
  suites?: E2eSuite[];
};
type E2eReport = {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: E2eSuite[];
  errors?: Array<{ message?: string }>;
};

/** Failures of every suite, a few lines each, printed last: CI keeps only a run's last lines. */
const failures: string[] = [];
const FAILURES_SHOWN = 12;

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
};

/**
 * What a suite's log says went wrong when no test failed: from its first error on (vitest's
 * "Unhandled Errors", a global setup or teardown that threw), the error and the lines that say
 * where it came from, without vitest's boilerplate, stack and quoted source; else its last lines.
 */
function errorExcerpt(suite: string): string {
  const lines = withoutColours(readLog(suite))
    .split('\n')
    .filter((line) => line.trim() !== '');
  const first = lines.findIndex((line) =>
    /^\W*Unhandled (Errors|Rejection)|^\s*\w*Error:|^close timed out|Segmentation fault/.test(line),
  );
  if (first < 0) return lines.slice(-8).join('\n    ');
  return lines
    .slice(first)
    .filter(
      (line) =>
        !/^\s*(\d*\||❯ |at )|^This might cause false positive tests|^- the error was thrown/.test(line),
    )
    .slice(0, 8)
    .join('\n    ');
}

function readLog(suite: string): string {
  try {
    return fs.readFileSync(path.join(results, `${suite}.log`), 'utf8');
  } catch {
    return '';
  }
}

function withoutColours(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** A failure's first lines, without the terminal's colours. */
function firstLines(message: string): string {
  return withoutColours(message)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .join('\n    ');
}

function collectFailures(suite: string, report: E2eReport): void {
  const visit = (node: E2eSuite) => {
    for (const spec of node.specs ?? [])
      for (const result of spec.tests.flatMap((test) => test.results))
        if (result.status === 'failed' || result.status === 'timedOut') {
          failures.push(
            `${suite}: ${spec.file}:${spec.line} › ${spec.title}\n    ${firstLines(result.errors?.[0]?.message ?? result.status)}`,
          );
        }
    for (const child of node.suites ?? []) visit(child);
  };
  for (const node of report.suites) visit(node);
}

/**
 * The e2e runs, their browsers and their shops yield the cores to vitest (decision 099): many of
 * vitest's files are thousands of round trips between the test and a database or a server, each
 * of which may wait for a core behind the browsers; the e2e tests wait on timers and rebuilds,
 * which a lower priority barely delays.
 */
const E2E_NICENESS = 5;

/** One Playwright run; its own port and data folder come from its process (playwright.config.ts). */
async function e2e(suite: string, env: NodeJS.ProcessEnv, extraArgs: string[] = []): Promise<Tally> {
  const file = path.join(results, `${suite}.json`);
  fs.rmSync(file, { force: true });
  const code = await runLogged(
    suite,
    bin('playwright'),
    ['test', '--reporter=list,json', ...extraArgs],
    { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    E2E_NICENESS,
  );
  // Its shops have stopped (the global teardown, and Playwright's own for the hosted run's).
  if (env.E2E_PORT) removeE2eData(e2eDataDir(env.E2E_PORT));
  const report = readJson<E2eReport>(file);
  const failuresBefore = failures.length;
  if (report) collectFailures(suite, report);
  // Errors outside every test (a global setup or teardown, a worker that crashed) are the report's own.
  if (code !== 0 && failures.length === failuresBefore)
    failures.push(
      `${suite}: Playwright exited with ${code}, though no test failed\n    ${
        report?.errors?.[0]?.message ? firstLines(report.errors[0].message) : errorExcerpt(suite)
      }`,
    );
  return {
    suite,
    passed: report ? report.stats.expected : 0,
    failed: report
      ? report.stats.unexpected + report.stats.flaky + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0)
      : 1,
  };
}

fs.mkdirSync(results, { recursive: true });

// Before the checks: a missing PostgreSQL is installed, or stops the run, at once, not minutes later
// in vitest's global setup.
if (wanted('unit') || (!quick && wanted('e2e-postgres'))) ensurePostgres('the PostgreSQL tests');

/** A check that passes or fails as a whole: one tally from its commands' exit codes, a log each. */
async function checkSuite(suite: string, commands: Array<[log: string, command: string, args: string[]]>) {
  const codes = await Promise.all(commands.map(([log, command, args]) => runLogged(log, command, args)));
  commands.forEach(([log], index) => {
    if (codes[index] !== 0)
      failures.push(
        `${suite}: ${log} exited with ${codes[index]} (its output above, and in test-results/${log}.log)`,
      );
  });
  const failed = codes.some((code) => code !== 0);
  return { suite, passed: failed ? 0 : 1, failed: failed ? 1 : 0 } satisfies Tally;
}

// Every suite runs side by side, the type-check and lint too: alone they kept both cores half
// idle for most of a minute, while the e2e run's shop waited to start and build.
const running: Array<Promise<Tally>> = [];
if (wanted('check'))
  running.push(
    checkSuite('type-check', [['type-check', bin('astro'), ['check', '--minimumSeverity', 'warning']]]),
  );
// Biome lints and formats; ESLint checks the import rules between folders, .astro included.
if (wanted('lint'))
  running.push(
    checkSuite('lint and format', [
      ['biome', bin('biome'), ['check', '.']],
      ['eslint', bin('eslint'), ['src']],
    ]),
  );

// Shares of the two cores (decision 078): the embedded e2e run two browsers, the hosted run one
// and then the PostgreSQL e2e run, vitest's quick project one worker and its processes project
// one (decision 113); the quick set gives vitest both.
const full = !quick && wanted('e2e') && wanted('e2e-hosted');
const processesApart = full && wanted('unit');
if (wanted('unit')) running.push(vitest('vitest', quick || processesApart ? 'quick' : null, full ? 1 : 2));
if (processesApart) running.push(vitest('vitest-processes', 'processes', 1));
// Each run's own ports, apart: its shop, and the hosted run's emulators 20,000 to 22,000 above it
// (below the range the system hands out for outgoing connections).
const ports = 4600 + (process.pid % 25) * 200;
if (wanted('e2e') || (!quick && (wanted('e2e-hosted') || wanted('e2e-postgres')))) {
  // The tests' browser, and the full Chromium that the Lighthouse test starts (decision 100).
  const browsers = {
    HEADLESS_SHELL_PATH: ensureHeadlessShell('the e2e tests'),
    CHROMIUM_PATH: ensureChromium('the e2e tests (Lighthouse)'),
  };
  if (wanted('e2e'))
    running.push(
      e2e(
        'e2e',
        // The quick set is small: one worker, one shop to start.
        { ...browsers, E2E_WORKERS: quick ? '1' : '2', E2E_PORT: String(ports) },
        quick ? ['--grep', '@smoke', '--project', 'desktop'] : [],
      ),
    );
  // The suite with every backend hosted (commerce on the Shopify double; documents, auth and mail
  // on the emulators and the EmailJS recorder), on its own port and data folder (decision 026).
  // In the full run, the smoke set and the tests of what the hosted backends do their own way;
  // `npm test -- e2e-hosted` runs it whole (decision 101).
  const hostedRun =
    !quick && wanted('e2e-hosted')
      ? e2e(
          'e2e-hosted',
          {
            ...browsers,
            E2E_BACKENDS: 'hosted',
            E2E_WORKERS: full ? '1' : '2',
            E2E_PORT: String(ports + 100),
          },
          full ? ['--grep', '@smoke|@hosted'] : [],
        )
      : null;
  if (hostedRun) running.push(hostedRun);
  // The embedded backends once more with the shop's database on PostgreSQL (decision 093): the
  // smoke set (every page type, the main flows) and the tests tagged @postgres (the other flows:
  // singles filters and search, card facts, CSV, product and player edits going live, settings,
  // customers, stock alerts, the order lifecycle, the overview), each worker's shop on a database
  // of its own on a throwaway server.
  // In the full run it follows the hosted run, in that run's share of the cores (decision 113).
  if (!quick && wanted('e2e-postgres')) {
    const postgresRun = (async () => {
      if (full) await hostedRun;
      const server = await startPostgres();
      try {
        return await e2e(
          'e2e-postgres',
          {
            ...browsers,
            E2E_POSTGRES_URL: server.url,
            E2E_WORKERS: '1',
            E2E_PORT: String(ports + 150),
          },
          ['--grep', '@smoke|@postgres', '--project', 'desktop'],
        );
      } finally {
        await server.stop();
      }
    })();
    running.push(postgresRun);
  }
}
tallies.push(...(await Promise.all(running)));

// A server that crashes leaves only "Segmentation fault" in its suite's output; where `.ci/run`
// allows core dumps, the dump says where it crashed.
reportCoreDumps(root, results);

if (failures.length > 0) {
  console.info(`\nFailed tests (${failures.length}; the first ${FAILURES_SHOWN}, in order):`);
  for (const failure of failures.slice(0, FAILURES_SHOWN)) console.info(`  ${failure}`);
}

console.info(`\nSuites (${((performance.now() - started) / 60_000).toFixed(1)} min):`);
for (const tally of tallies)
  console.info(`  ${tally.suite.padEnd(16)} ${tally.passed} passed, ${tally.failed} failed`);
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
