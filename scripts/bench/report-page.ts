import os from 'node:os';
import type { TargetRow } from './targets.ts';

/**
 * The bench's latest table on docs/benchmarks.md: one block per catalogue size between two marker
 * comments, rewritten by every full run of that size. Everything outside the markers is the page's
 * own text and is left exactly as it is.
 */
export type BenchRun = {
  /** Extra products seeded (the bench's `--products`): each size keeps its own block. */
  products: number;
  /** The day of the run, YYYY-MM-DD. */
  date: string;
  machine: string;
  /** How the run was started, e.g. `npm run bench -- --rebuilds 100`. */
  command: string;
  /** The code measured, e.g. `2b77973`; left out when unknown. */
  commit?: string | undefined;
  rows: readonly TargetRow[];
  /** Figures printed beside the targets (build times, memory), as [what, value]. */
  beside?: ReadonlyArray<readonly [string, string]>;
};

export const startMarker = (products: number) => `<!-- bench:start products=${products} -->`;
export const endMarker = (products: number) => `<!-- bench:end products=${products} -->`;

const ANY_END = /<!-- bench:end products=\d+ -->/g;

/** The page with this run's block in place of the last one of its size, or added after the others. */
export function rewriteBenchPage(page: string, run: BenchRun): string {
  const block = benchBlock(run);
  const start = page.indexOf(startMarker(run.products));
  if (start !== -1) {
    const end = page.indexOf(endMarker(run.products), start);
    if (end === -1)
      throw new Error(`${startMarker(run.products)} has no ${endMarker(run.products)} after it`);
    return page.slice(0, start) + block + page.slice(end + endMarker(run.products).length);
  }
  const ends = [...page.matchAll(ANY_END)];
  const last = ends.at(-1);
  if (last === undefined) return `${page.replace(/\n*$/, '')}\n\n${block}\n`;
  const at = last.index + last[0].length;
  return `${page.slice(0, at)}\n\n${block}${page.slice(at)}`;
}

/** One run's block, markers included, in the form Biome formats Markdown (so lint stays clean). */
export function benchBlock(run: BenchRun): string {
  const about = [
    run.date,
    `\`${run.command}\``,
    ...(run.commit ? [`commit ${run.commit}`] : []),
    run.machine,
  ];
  const lines = [
    startMarker(run.products),
    '',
    `### ${run.products.toLocaleString('en-US')} extra products`,
    '',
    about.join(' · '),
    '',
    markdownTable(
      ['figure', 'target', 'value', 'verdict'],
      run.rows.map((row) => [row.figure, row.target, row.measured, row.verdict]),
    ),
  ];
  if (run.beside && run.beside.length > 0)
    lines.push('', 'Beside the targets:', '', ...run.beside.map(([what, value]) => `- ${what}: ${value}`));
  lines.push('', endMarker(run.products));
  return lines.join('\n');
}

/** A Markdown table with its columns padded to one width, as Biome writes it. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const width = (text: string) => [...text].length;
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, column) => Math.max(3, ...all.map((row) => width(row[column] ?? ''))));
  const line = (row: readonly string[]) =>
    `| ${widths.map((w, column) => (row[column] ?? '') + ' '.repeat(w - width(row[column] ?? ''))).join(' | ')} |`;
  const [head, ...body] = all;
  return [line(head ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Cores, processor, memory, system and Node: enough to tell two machines apart. */
export function machineDescription(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim();
  const memoryGb = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus.length} cores${model ? ` (${model})` : ''}, ${memoryGb} GB, ${os.type()} ${os.release()}, Node ${process.version}`;
}
