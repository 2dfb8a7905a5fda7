import { log } from '../../lib/log.ts';
import { periodicTask } from '../background/periodic-task.ts';
import type { Container } from '../container.ts';
import { runRestockPass } from './restock-pass.ts';

/**
 * How often the watch reads the version (one cheap read of the counters) where no notification
 * says it moved, and the least time between two passes where notifications do (every sale does).
 */
export const RESTOCK_POLL_MS = 1_000;
/** A pass runs at least this often even when no version moved (stock on Shopify, a late confirm). */
export const RESTOCK_SWEEP_MS = 5 * 60_000;

type Deps = Pick<Container, 'commerce' | 'stockAlerts' | 'env' | 'contentVersion' | 'builds'>;

export type RestockWatch = {
  start(): void;
  stop(): Promise<void>;
  /**
   * One check now, or right after the one under way: a pass when the version moved or a sweep is
   * due. PostgreSQL's notification of a change calls it; so do tests.
   */
  tick(): Promise<void>;
};

/**
 * When to run the restock pass (decision 087), in the main process of `npm start`: whenever the
 * shop's version moves (on the embedded engine it counts stock too, so every sale, restock, edit
 * and import moves it, from any process), and every 5 minutes anyway. Never two passes at once
 * here; the pass itself is safe against passes elsewhere.
 */
export function createRestockWatch(
  container: Deps,
  options: { pollMs?: number; minGapMs?: number; sweepMs?: number; now?: () => number } = {},
): RestockWatch {
  const pollMs = options.pollMs ?? RESTOCK_POLL_MS;
  const sweepMs = options.sweepMs ?? RESTOCK_SWEEP_MS;
  const now = options.now ?? Date.now;
  let lastVersion: string | null = null;
  let lastPassAt = Number.NEGATIVE_INFINITY;

  // The embedded engine's version counts stock; otherwise the catalogue's counters (and a
  // Shopify webhook's bump) are the best cheap sign, and the sweep covers the rest.
  const version = async () =>
    container.contentVersion ? container.contentVersion() : String(await container.builds.contentVersion());

  async function check(): Promise<void> {
    const current = await version();
    if (current === lastVersion && now() - lastPassAt < sweepMs) return;
    lastVersion = current;
    lastPassAt = now();
    const queued = await runRestockPass(container);
    if (queued > 0) log.info('Back-in-stock mails queued', { mails: queued });
  }

  const task = periodicTask('Restock pass', check, {
    everyMs: pollMs,
    minGapMs: options.minGapMs ?? RESTOCK_POLL_MS,
  });
  return {
    start() {
      task.start();
      void task.wake();
    },
    stop: task.stop,
    tick: task.wake,
  };
}
