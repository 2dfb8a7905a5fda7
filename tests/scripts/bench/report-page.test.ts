import { describe, expect, it } from 'vitest';
import {
  type BenchRun,
  benchBlock,
  endMarker,
  markdownTable,
  rewriteBenchPage,
  startMarker,
} from '../../../scripts/bench/report-page.ts';
import type { BenchDatabase } from '../../../scripts/bench/settings.ts';

const run = (products: number, p99: string, database: BenchDatabase = 'sqlite'): BenchRun => ({
  products,
  database,
  date: '2026-11-27',
  machine: '2 cores (Test CPU), 7.8 GB, Linux 6.1, Node v24.21.0',
  command: 'npm run bench',
  commit: 'abc1234',
  rows: [
    { figure: 'singles mix p99 (240 URLs)', measured: p99, target: '≤ 50 ms', verdict: 'PASS' },
    { figure: 'pre-rendered page vs nginx', measured: 'not measured', target: '≥ 0.70×', verdict: 'FAIL' },
  ],
  beside: [['full build', '15.8 s']],
});

const PAGE = [
  '# Benchmarks',
  '',
  'Text before, with a Greek word: Σλούκας.',
  '',
  startMarker(10_000, 'sqlite'),
  '',
  'the previous 10k SQLite table',
  '',
  endMarker(10_000, 'sqlite'),
  '',
  startMarker(10_000, 'postgres'),
  '',
  'the previous 10k PostgreSQL table',
  '',
  endMarker(10_000, 'postgres'),
  '',
  startMarker(100_000, 'sqlite'),
  '',
  'the previous 100k SQLite table',
  '',
  endMarker(100_000, 'sqlite'),
  '',
  '## Other figures',
  '',
  '| what | value |',
  '| ---- | ----- |',
  '| seed | 171 s |',
  '',
].join('\n');

/** The page's text before and after the block of this size and database. */
function around(page: string, products: number, database: BenchDatabase) {
  const start = page.indexOf(startMarker(products, database));
  const end = page.indexOf(endMarker(products, database)) + endMarker(products, database).length;
  return { before: page.slice(0, start), block: page.slice(start, end), after: page.slice(end) };
}

describe('the benchmarks page', () => {
  it.each([
    ['sqlite', 'the previous 10k SQLite table'],
    ['postgres', 'the previous 10k PostgreSQL table'],
  ] as const)(
    'rewrites only the block of its size and database (%s), and leaves the rest as it was',
    (database, replaced) => {
      const page = rewriteBenchPage(PAGE, run(10_000, '9 ms', database));
      const was = around(PAGE, 10_000, database);
      const now = around(page, 10_000, database);
      expect(now.before).toBe(was.before);
      expect(now.after).toBe(was.after);
      expect(now.block).toBe(benchBlock(run(10_000, '9 ms', database)));
      expect(page).not.toContain(replaced);
      const others = [
        'the previous 10k SQLite table',
        'the previous 10k PostgreSQL table',
        'the previous 100k SQLite table',
      ].filter((text) => text !== replaced);
      for (const text of others) expect(page).toContain(text);
    },
  );

  it('gives the same page when the same run is written twice', () => {
    const once = rewriteBenchPage(PAGE, run(100_000, '11 ms'));
    expect(rewriteBenchPage(once, run(100_000, '11 ms'))).toBe(once);
    expect(rewriteBenchPage(once, run(100_000, '12 ms'))).toContain('| 12 ms ');
  });

  it('adds a block for a new size or database after the last one, and at the end of a page with none', () => {
    const page = rewriteBenchPage(PAGE, run(100_000, '9 ms', 'postgres'));
    expect(page.indexOf(startMarker(100_000, 'postgres'))).toBeGreaterThan(
      page.indexOf(endMarker(100_000, 'sqlite')),
    );
    expect(page.indexOf(startMarker(100_000, 'postgres'))).toBeLessThan(page.indexOf('## Other figures'));
    expect(page.replace(`\n\n${benchBlock(run(100_000, '9 ms', 'postgres'))}`, '')).toBe(PAGE);

    const bare = '# Benchmarks\n\nNo runs yet.\n';
    expect(rewriteBenchPage(bare, run(10_000, '9 ms'))).toBe(
      `# Benchmarks\n\nNo runs yet.\n\n${benchBlock(run(10_000, '9 ms'))}\n`,
    );
  });

  it("takes a block marked before the bench ran on PostgreSQL (no database) for SQLite's", () => {
    const old = [
      '# Benchmarks',
      '',
      '<!-- bench:start products=10000 -->',
      '',
      'the old 10k table',
      '',
      '<!-- bench:end products=10000 -->',
      '',
      'After.',
      '',
    ].join('\n');
    const postgres = rewriteBenchPage(old, run(10_000, '9 ms', 'postgres'));
    expect(postgres).toContain('the old 10k table');
    expect(postgres).toContain(benchBlock(run(10_000, '9 ms', 'postgres')));

    const sqlite = rewriteBenchPage(postgres, run(10_000, '8 ms'));
    expect(sqlite).not.toContain('the old 10k table');
    expect(sqlite).not.toContain('<!-- bench:start products=10000 -->');
    expect(sqlite).toBe(
      `# Benchmarks\n\n${benchBlock(run(10_000, '8 ms'))}\n\n${benchBlock(run(10_000, '9 ms', 'postgres'))}\n\nAfter.\n`,
    );
  });

  it('refuses a block whose end marker is missing, rather than eat the rest of the page', () => {
    const broken = PAGE.replace(endMarker(10_000, 'postgres'), '');
    expect(() => rewriteBenchPage(broken, run(10_000, '9 ms', 'postgres'))).toThrow(
      /bench:end products=10000 database=postgres/,
    );
    // Another block's broken marker stops every run: the page needs mending by hand first.
    expect(() => rewriteBenchPage(broken, run(100_000, '9 ms'))).toThrow(/has no/);
    const stray = PAGE.replace(startMarker(100_000, 'sqlite'), '');
    expect(() => rewriteBenchPage(stray, run(10_000, '9 ms'))).toThrow(/has no start marker/);
  });

  it('names the database in the heading, and writes the date, command, commit, machine, every row and the figures beside them', () => {
    expect(benchBlock(run(10_000, '9 ms'))).toContain('### 10,000 extra products, SQLite');
    const block = benchBlock(run(10_000, '9 ms', 'postgres'));
    expect(block).toContain('### 10,000 extra products, PostgreSQL');
    expect(block).toContain(
      '2026-11-27 · `npm run bench` · commit abc1234 · 2 cores (Test CPU), 7.8 GB, Linux 6.1, Node v24.21.0',
    );
    expect(block).toContain('| singles mix p99 (240 URLs) | ≤ 50 ms | 9 ms         | PASS    |');
    expect(block).toContain('| pre-rendered page vs nginx | ≥ 0.70× | not measured | FAIL    |');
    expect(block).toContain('- full build: 15.8 s');
  });
});

describe('Markdown tables', () => {
  it('pads every column to its widest cell, counting characters, at least three wide', () => {
    expect(
      markdownTable(
        ['a', 'figure'],
        [
          ['Σλούκας', '≤ 50 ms'],
          ['x|y', ''],
        ],
      ),
    ).toBe(
      [
        '| a       | figure  |',
        '| ------- | ------- |',
        '| Σλούκας | ≤ 50 ms |',
        '| x\\|y    |         |',
      ].join('\n'),
    );
  });
});
