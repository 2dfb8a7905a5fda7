import { describe, expect, it } from 'vitest';
import {
  createWriteQueue,
  sharedWriteQueue,
  type WriteGate,
} from '../../../src/adapters/sqlite/write-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `count` writers through `gate`, each holding the lock over a few ticks; logs who overlaps. */
async function writers(gate: WriteGate, count: number, name: string, log: string[]) {
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const end = await gate.acquire();
      log.push(`${name}${n} in`);
      await tick();
      await tick();
      log.push(`${name}${n} out`);
      end();
    }),
  );
}

/** Whether no two holds in `log` overlap: each "in" is followed by its own "out". */
function oneAtATime(log: string[]): boolean {
  for (let i = 0; i < log.length; i += 2) {
    const [inside, outside] = [log[i], log[i + 1]];
    if (!inside?.endsWith(' in') || outside !== inside.replace(/ in$/, ' out')) return false;
  }
  return true;
}

describe('the write queue', () => {
  it('grants the lock to one writer at a time, first come first served, in every process', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    const main = queue.gate();
    // A worker's grants come by message (worker-pool.ts): granted later, on another tick.
    const viaMessages: WriteGate = {
      acquire: () =>
        new Promise((resolve) => {
          const release = queue.take({}, () => setTimeout(() => resolve(release), 0));
        }),
    };
    await Promise.all([writers(main, 5, 'main', log), writers(viaMessages, 5, 'worker', log)]);
    expect(log).toHaveLength(20);
    expect(oneAtATime(log)).toBe(true);
  });

  it('passes the lock on when its holder leaves without releasing it (a worker that died)', async () => {
    const queue = createWriteQueue();
    const gone = {};
    queue.take(gone, () => undefined);
    let granted = false;
    queue.take({}, () => {
      granted = true;
    });
    expect(granted).toBe(false);
    queue.forget(gone);
    expect(granted).toBe(true);
  });

  it('releases a grant once, however often its release is called', async () => {
    const queue = createWriteQueue();
    const gate = queue.gate();
    const first = await gate.acquire();
    let second = false;
    void gate.acquire().then(() => {
      second = true;
    });
    first();
    first();
    await tick();
    expect(second).toBe(true);
    let third = false;
    void gate.acquire().then(() => {
      third = true;
    });
    await tick();
    expect(third).toBe(false);
  });

  it('shares a process’s grant among its own writers, then releases it within the run limit', async () => {
    const queue = createWriteQueue();
    let asked = 0;
    const remote: WriteGate = {
      acquire: () => {
        asked += 1;
        return queue.gate().acquire();
      },
    };
    const local = sharedWriteQueue(remote, 4);
    const other = queue.gate();
    const log: string[] = [];
    await Promise.all([writers(local, 10, 'worker', log), writers(other, 3, 'main', log)]);
    expect(oneAtATime(log)).toBe(true);
    // Ten writers in runs of at most four: three grants, not ten.
    expect(asked).toBe(3);
    // The other process got the lock between the runs, not after all ten.
    const lastMain = log.lastIndexOf('main2 out');
    const lastWorker = log.lastIndexOf('worker9 out');
    expect(lastMain).toBeLessThan(lastWorker);
  });
});
