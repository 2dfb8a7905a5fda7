/** The storefront's static build: what the dashboard shows and what the rebuild service records. */
export type BuildStatus = 'building' | 'succeeded' | 'failed';

export type BuildRecord = {
  id: number;
  status: BuildStatus;
  contentVersion: number;
  outputDir: string | null;
  progress: string;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};

export type StorefrontState = {
  /** up to date: the served build has the latest content; stale: a change waits for a build. */
  state: 'up_to_date' | 'stale' | 'building' | 'failed';
  contentVersion: number;
  current: BuildRecord | null;
  running: BuildRecord | null;
  lastFailure: BuildRecord | null;
  lastSuccessAt: string | null;
};
