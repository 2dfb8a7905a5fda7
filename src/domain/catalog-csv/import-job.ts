import type { ProductInput } from '../catalog/product.ts';

// What a catalogue import writes, and how the dashboard follows its progress (decision 053).

export type ImportItem = { id: string | null; input: ProductInput };
export type ImportResult = { created: number; updated: number };

/** A catalogue import as the dashboard's progress bar polls it: queued, running, then done or failed. */
export type ImportJob = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: ImportResult | null;
  error: string | null;
};
