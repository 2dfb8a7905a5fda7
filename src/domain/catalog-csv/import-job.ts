import type { ProductInput } from '../catalog/product.ts';

// What a catalogue import writes, and how the dashboard follows its progress (decision 053).

export type ImportItem = { id: string | null; input: ProductInput };

/** An image the import could not fetch or store: its row, its URL and why, in Greek (decision 090). */
export type ImageFailure = { line: number; url: string; message: string };

export type ImportResult = {
  created: number;
  updated: number;
  /**
   * The images fetched from other hosts (distinct URLs stored), and each row whose image failed;
   * the row's product is imported without it. Absent when the file had none to fetch.
   */
  images?: { fetched: number; failed: ImageFailure[] };
};

/**
 * A catalogue import as the dashboard's progress bar polls it: queued, running, then done or
 * failed. `total` counts the images to fetch, then the products to write; `done` moves through the
 * images first (decision 090).
 */
export type ImportJob = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: ImportResult | null;
  error: string | null;
};
