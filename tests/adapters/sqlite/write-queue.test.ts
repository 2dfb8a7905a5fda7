import { describe, expect, it } from 'vitest';
import {
  createWriteQueue,
  sharedWriteQueue,
  type WriteGate,
} from '../../../src/adapters/sqlite/write-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs `count` writers through `gate`, each holding its turn over a few ticks; logs who overlaps. */
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

/** Whether no two turns in `log` overlap: each "in" is followed by its own "out". */
function oneAtATime(log: string[]): boolean {
  for (let i = 0; i < log.length; i += 2) {
    const [inside, outside] = [log[i], log[i + 1]];
    if (!inside?.endsWith(' in') || outside !== inside.replace(/ in$/, ' out')) return false;
  }
  return true;
}

describe('turns at the write lock', () => {
  it('gives one turn at a time, first come first served, to every process', async () => {
    const turns = createWriteQueue();
    const log: string[] = [];
    const main = turns.gate();
    // A worker's turns come by message (worker-pool.ts): granted later, on another tick.
    const viaMessages: WriteGate = {
      acquire: () =>
        new Promise((resolve) => {
          const endTurn = turns.take({}, () => setTimeout(() => resolve(endTurn), 0));
        }),
    };
    await Promise.all([writers(main, 5, 'main', log), writers(viaMessages, 5, 'worker', log)]);
    expect(log).toHaveLength(20);
    expect(oneAtATime(log)).toBe(true);
  });

  it('passes a turn on when its holder leaves without ending it (a worker that died)', async () => {
    const turns = createWriteQueue();
    const gone = {};
    turns.take(gone, () => undefined);
    let granted = false;
    turns.take({}, () => {
      granted = true;
    });
    expect(granted).toBe(false);
    turns.forget(gone);
    expect(granted).toBe(true);
  });

  it('ends a turn once, however often its end is called', async () => {
    const turns = createWriteQueue();
    const gate = turns.gate();
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

  it('shares a process’s turn among its own writers, then hands it back within the run limit', async () => {
    const turns = createWriteQueue();
    let asked = 0;
    const remote: WriteGate = {
      acquire: () => {
        asked += 1;
        return turns.gate().acquire();
      },
    };
    const local = sharedWriteQueue(remote, 4);
    const other = turns.gate();
    const log: string[] = [];
    await Promise.all([writers(local, 10, 'worker', log), writers(other, 3, 'main', log)]);
    expect(oneAtATime(log)).toBe(true);
    // Ten writers in runs of at most four: three turns, not ten.
    expect(asked).toBe(3);
    // The other process got its turns between the runs, not after all ten.
    const lastMain = log.lastIndexOf('main2 out');
    const lastWorker = log.lastIndexOf('worker9 out');
    expect(lastMain).toBeLessThan(lastWorker);
  });
});
