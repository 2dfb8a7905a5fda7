import os from 'node:os';
import type { BenchDatabase } from './settings.ts';
import type { TargetRow } from './targets.ts';

/**
 * The bench's latest tables on docs/benchmarks.md: one block per catalogue size and database
 * between two marker comments, rewritten by every full run of that size on that database.
 * Everything outside the markers is the page's own text and is left exactly as it is.
 */
export type BenchRun = {
  /** Extra products seeded (the bench's `--products`): each size keeps its own block. */
  products: number;
  /** The shop's database (the bench's `--database`): each keeps its own block too. */
  database: BenchDatabase;
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

const DATABASE_NAMES: Record<BenchDatabase, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export const startMarker = (products: number, database: BenchDatabase) =>
  `<!-- bench:start products=${products} database=${database} -->`;
export const endMarker = (products: number, database: BenchDatabase) =>
  `<!-- bench:end products=${products} database=${database} -->`;

/** Either marker; one without `database=` is SQLite's, written before the bench ran on PostgreSQL. */
const ANY_MARKER = /<!-- bench:(start|end) products=(\d+)(?: database=(sqlite|postgres))? -->/g;

type Block = { products: number; database: BenchDatabase; from: number; to: number };

/**
 * The page with this run's block in place of the one of its size and database, or added after
 * the last block.
 */
export function rewriteBenchPage(page: string, run: BenchRun): string {
  const block = benchBlock(run);
  const blocks = benchBlocks(page);
  const same = blocks.find((found) => found.products === run.products && found.database === run.database);
  if (same) return page.slice(0, same.from) + block + page.slice(same.to);
  const last = blocks.at(-1);
  if (last === undefined) return `${page.replace(/\n*$/, '')}\n\n${block}\n`;
  return `${page.slice(0, last.to)}\n\n${block}${page.slice(last.to)}`;
}

/**
 * Every block on the page, in order. A start marker without its end before the next marker is
 * refused: replacing up to some later end would eat the page's text between them.
 */
function benchBlocks(page: string): Block[] {
  const blocks: Block[] = [];
  let open: (Omit<Block, 'to'> & { marker: string }) | null = null;
  for (const match of page.matchAll(ANY_MARKER)) {
    const [marker, kind, products, database = 'sqlite'] = match;
    const key = { products: Number(products), database: database as BenchDatabase };
    if (kind === 'start') {
      if (open) throw missingEnd(open);
      open = { ...key, from: match.index, marker };
    } else {
      if (!open || open.products !== key.products || open.database !== key.database)
        throw new Error(`${marker} has no start marker of its own before it`);
      blocks.push({ ...key, from: open.from, to: match.index + marker.length });
      open = null;
    }
  }
  if (open) throw missingEnd(open);
  return blocks;
}

const missingEnd = (open: { products: number; database: BenchDatabase; marker: string }) =>
  new Error(`${open.marker} has no ${endMarker(open.products, open.database)} after it`);

/** One run's block, markers included, in the form Biome formats Markdown (so lint stays clean). */
export function benchBlock(run: BenchRun): string {
  const about = [
    run.date,
    `\`${run.command}\``,
    ...(run.commit ? [`commit ${run.commit}`] : []),
    run.machine,
  ];
  const lines = [
    startMarker(run.products, run.database),
    '',
    `### ${run.products.toLocaleString('en-US')} extra products, ${DATABASE_NAMES[run.database]}`,
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
  lines.push('', endMarker(run.products, run.database));
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
