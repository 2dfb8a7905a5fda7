import { log } from '../../lib/log.ts';

export type PeriodicTask = {
  /** Runs every `everyMs` from now on. */
  start(): void;
  /**
   * Runs now, or once more right after the run under way (what woke it may have come too late
   * for that one), and never sooner than `minGapMs` after the last run began; resolves when that
   * run is over. Wakes that come meanwhile share it.
   */
  wake(): Promise<void>;
  /** No more runs; resolves once the one under way is over. */
  stop(): Promise<void>;
};

export type PeriodicTaskOptions = {
  everyMs: number;
  /** The least time between two runs' starts, however often something wakes it (0 by default). */
  minGapMs?: number;
};

/**
 * Background work of the main process (deliver mail, run queued imports, the restock pass) that
 * runs on a timer and, where the database can say so (PostgreSQL's notifications), as soon as
 * there is something to do. Never two runs at once; a failed run is logged and the next one is
 * tried as usual.
 */
export function periodicTask(
  what: string,
  run: () => Promise<unknown>,
  { everyMs, minGapMs = 0 }: PeriodicTaskOptions,
): PeriodicTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** The next run, once the one under way and the gap are over. */
  let next: Promise<void> | null = null;
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  let stopped = false;

  function runOnce(): Promise<void> {
    lastStartedAt = Date.now();
    running = run()
      .then(
        () => undefined,
        (error: unknown) => log.error(`${what} failed`, { error }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  async function runNext(): Promise<void> {
    await running;
    const wait = lastStartedAt + minGapMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    next = null;
    if (!stopped) await runOnce();
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running && !next && Date.now() - lastStartedAt >= minGapMs) return runOnce();
    next ??= runNext();
    return next;
  }

  return {
    start() {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void wake(), everyMs);
      timer.unref();
    },
    wake,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
