import { CsvError, parse } from 'csv-parse/sync';
import { restoreCell } from './spreadsheet-cells.ts';

/** A problem the import reports: the file's line (1 is the header) and the column, in Greek. */
export type RowError = { line: number; field: string; message: string };

export const CSV_LIMITS = { maxRows: 50_000, maxBytes: 20 * 1024 * 1024 } as const;

export type CsvTable = { header: string[]; records: Array<{ line: number; cells: string[] }> };

export class CsvFileError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads CSV text with csv-parse (decision 053): UTF-8 with or without BOM, quoted fields with
 * commas, quotes and newlines, CRLF or LF. Each record keeps the line it starts on, so errors can
 * name it. A file CSV itself cannot read (an unclosed quote) is one error with its line. A cell
 * the export kept from running as a formula reads back as it was (../spreadsheet-cells.ts).
 */
export function readCsvTable(text: string): CsvTable {
  let parsed: string[][];
  try {
    // Empty lines are kept as records here, so every physical line is counted below.
    parsed = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as unknown as { lines?: number }).lines ?? 0);
      throw new CsvFileError(
        line,
        `Το αρχείο δεν διαβάζεται ως CSV κοντά στη γραμμή ${line}: ${csvProblem(error.code)}`,
      );
    }
    throw error;
  }
  // A record starts on the line after the previous one ends; quoted line breaks add lines.
  const lines: Array<{ line: number; cells: string[] }> = [];
  let line = 1;
  for (const cells of parsed) {
    lines.push({ line, cells: cells.map(restoreCell) });
    line += 1 + cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
  }
  const records = lines.filter((entry) => !(entry.cells.length === 1 && entry.cells[0] === ''));
  const [first, ...rest] = records;
  if (!first) throw new CsvFileError(1, 'Το αρχείο είναι κενό.');
  if (rest.length > CSV_LIMITS.maxRows)
    throw new CsvFileError(first.line, `Το αρχείο έχει περισσότερες από ${CSV_LIMITS.maxRows} γραμμές.`);
  return { header: first.cells.map((name) => name.trim()), records: rest };
}

function csvProblem(code: string): string {
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'ένα πεδίο ανοίγει εισαγωγικά που δεν κλείνουν ως το τέλος του αρχείου.';
    case 'CSV_INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'εισαγωγικά σε λάθος θέση μέσα σε πεδίο.';
    default:
      return 'μη έγκυρη μορφή.';
  }
}
