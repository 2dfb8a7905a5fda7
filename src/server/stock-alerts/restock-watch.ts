import { log } from '../../lib/log.ts';
import type { Container } from '../container.ts';
import { runRestockPass } from './restock-pass.ts';

/** How often the watch reads the version: one cheap read of the counters. */
export const RESTOCK_POLL_MS = 1_000;
/** A pass runs at least this often even when no version moved (stock on Shopify, a late confirm). */
export const RESTOCK_SWEEP_MS = 5 * 60_000;

type Deps = Pick<Container, 'commerce' | 'stockAlerts' | 'env' | 'contentVersion' | 'builds'>;

export type RestockWatch = {
  start(): void;
  stop(): Promise<void>;
  /** One check now: a pass when the version moved or a sweep is due (tests call it). */
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
  options: { pollMs?: number; sweepMs?: number; now?: () => number } = {},
): RestockWatch {
  const pollMs = options.pollMs ?? RESTOCK_POLL_MS;
  const sweepMs = options.sweepMs ?? RESTOCK_SWEEP_MS;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
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

  function tick(): Promise<void> {
    running ??= check()
      .catch((error: unknown) => log.error('Restock pass failed', { error }))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    tick,
  };
}
