import type { Counters, CounterValues } from '../database/counters.ts';
import type { Notifications } from './notifications.ts';

/** The longest a cached read is trusted without a look at the database, whatever was heard. */
const MAX_AGE_MS = 1_000;

export type CounterCache = Counters & {
  /**
   * Marks a request of this process that may write, until the returned function is called (once
   * its answer is sent): meanwhile every read goes to the database, and the next one after it too.
   */
  writing(): () => void;
};

/**
 * The content counters kept in memory on PostgreSQL, where each read is a round trip that every
 * cached answer would pay (decision 097). A read is answered from memory while all of this holds:
 * - the process is listening for changes (notifications.ts), and no change was heard since the
 *   read: every commit that moves a counter notifies, so a change elsewhere is seen within the
 *   time a notification takes;
 * - no request of this process that may write is running, and none ended since the read: its own
 *   answer, and the next request of the same client, see what it committed;
 * - the read is less than a second old (a safety net for a connection that died unseen).
 * Reads that miss at the same moment share one query.
 */
export function cacheCounters(
  source: Counters,
  changes: Notifications,
  now: () => number = performance.now.bind(performance),
): CounterCache {
  // Moves with every change heard and every write that begins or ends; a read made under an older
  // generation is not kept.
  let generation = 0;
  let writes = 0;
  let cached: { values: CounterValues; generation: number; readAt: number } | null = null;
  let shared: { values: Promise<CounterValues>; generation: number } | null = null;
  changes.subscribe(() => {
    generation++;
  });

  const trusted = () => writes === 0 && changes.listening();

  return {
    read() {
      if (trusted() && cached?.generation === generation && now() - cached.readAt < MAX_AGE_MS)
        return Promise.resolve(cached.values);
      // A write's own reads never share a query begun before it committed.
      if (trusted() && shared?.generation === generation) return shared.values;
      const started = generation;
      const readAt = now();
      const values = source.read();
      shared = { values, generation: started };
      values.then(
        (read) => {
          if (generation === started && trusted()) cached = { values: read, generation: started, readAt };
        },
        () => undefined,
      );
      values
        .finally(() => {
          if (shared?.values === values) shared = null;
        })
        .catch(() => undefined);
      return values;
    },

    writing() {
      writes++;
      generation++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writes--;
        generation++;
      };
    },
  };
}
