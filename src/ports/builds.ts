import type { BuildRecord, StorefrontState } from '../domain/rebuild/build-record.ts';

/** The storefront's builds: what the rebuild service records and the dashboard shows. */
export interface BuildsPort {
  /** Grows with every catalogue or category change, and with every manual rebuild request. */
  contentVersion(): Promise<number>;
  requestRebuild(): Promise<void>;
  /**
   * How many rebuilds have been asked for so far (`requestRebuild`, the dashboard's "rebuild now"):
   * one asked for is built at once, without waiting out the debounce of a change.
   */
  rebuildRequests(): Promise<number>;
  /** Starts a build record unless another live process is building; null when one is. */
  begin(pid: number, contentVersion: number): Promise<BuildRecord | null>;
  progress(id: number, text: string): Promise<void>;
  finish(id: number, result: { ok: true; outputDir: string } | { ok: false; error: string }): Promise<void>;
  state(): Promise<StorefrontState>;
}
