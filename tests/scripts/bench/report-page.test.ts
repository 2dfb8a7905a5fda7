import { describe, expect, it } from 'vitest';
import {
  type BenchRun,
  benchBlock,
  endMarker,
  markdownTable,
  rewriteBenchPage,
  startMarker,
} from '../../../scripts/bench/report-page.ts';

const run = (products: number, p99: string): BenchRun => ({
  products,
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
  startMarker(10_000),
  '',
  'the previous 10k table',
  '',
  endMarker(10_000),
  '',
  startMarker(100_000),
  '',
  'the previous 100k table',
  '',
  endMarker(100_000),
  '',
  '## Other figures',
  '',
  '| what | value |',
  '| ---- | ----- |',
  '| seed | 171 s |',
  '',
].join('\n');

describe('the benchmarks page', () => {
  it("rewrites only its size's block and leaves the rest of the page as it was", () => {
    const page = rewriteBenchPage(PAGE, run(10_000, '9 ms'));
    const start = page.indexOf(startMarker(10_000));
    const end = page.indexOf(endMarker(10_000)) + endMarker(10_000).length;
    expect(page.slice(0, start)).toBe(PAGE.slice(0, PAGE.indexOf(startMarker(10_000))));
    expect(page.slice(end)).toBe(PAGE.slice(PAGE.indexOf(endMarker(10_000)) + endMarker(10_000).length));
    expect(page.slice(start, end)).toBe(benchBlock(run(10_000, '9 ms')));
    expect(page).not.toContain('the previous 10k table');
    expect(page).toContain('the previous 100k table');
  });

  it('gives the same page when the same run is written twice', () => {
    const once = rewriteBenchPage(PAGE, run(100_000, '11 ms'));
    expect(rewriteBenchPage(once, run(100_000, '11 ms'))).toBe(once);
    expect(rewriteBenchPage(once, run(100_000, '12 ms'))).toContain('| 12 ms ');
  });

  it('adds a block for a new size after the last one, and at the end of a page with none', () => {
    const page = rewriteBenchPage(PAGE, run(20_000, '9 ms'));
    expect(page.indexOf(startMarker(20_000))).toBeGreaterThan(page.indexOf(endMarker(100_000)));
    expect(page.indexOf(startMarker(20_000))).toBeLessThan(page.indexOf('## Other figures'));
    expect(page.replace(`\n\n${benchBlock(run(20_000, '9 ms'))}`, '')).toBe(PAGE);

    const bare = '# Benchmarks\n\nNo runs yet.\n';
    expect(rewriteBenchPage(bare, run(10_000, '9 ms'))).toBe(
      `# Benchmarks\n\nNo runs yet.\n\n${benchBlock(run(10_000, '9 ms'))}\n`,
    );
  });

  it('refuses a block whose end marker is missing, rather than eat the rest of the page', () => {
    const broken = PAGE.replace(endMarker(10_000), '');
    expect(() => rewriteBenchPage(broken, run(10_000, '9 ms'))).toThrow(/bench:end products=10000/);
  });

  it('writes the date, command, commit, machine, every target row and the figures beside them', () => {
    const block = benchBlock(run(10_000, '9 ms'));
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
