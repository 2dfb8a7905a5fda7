/**
 * A write queue for SQLite's one write lock, first come first served among the shop's processes
 * (decision 009). Without it, a process that finds the lock held waits in SQLite's busy handler,
 * which sleeps in growing steps (1, 2, 5, 10 ms…) and blocks its whole event loop meanwhile. With
 * it the process waits for a message, in line, while it serves other requests. The queue only
 * orders the writers: each transaction still takes the lock itself (BEGIN IMMEDIATE), so a process
 * without the queue (a script, a test) or a grant that never came still writes correctly, only
 * less smoothly.
 */
export type WriteGate = {
  /** Waits for the lock; call what it resolves with (the release) when the transaction has ended. */
  acquire(): Promise<() => void>;
};

const nothing = () => undefined;

/** No queue: SQLite's busy handler alone (one process, scripts and tests). */
export const OPEN_GATE: WriteGate = { acquire: async () => nothing };

/** Runs `write` holding the write lock, releasing it however `write` ends. */
export async function withWriteLock<T>(gate: WriteGate, write: () => Promise<T>): Promise<T> {
  const release = await gate.acquire();
  try {
    return await write();
  } finally {
    release();
  }
}

export type WriteQueue = {
  /** Queues `owner`; `granted` runs when the lock is its. Returns the function that releases it. */
  take(owner: object, granted: () => void): () => void;
  /** Releases `owner`'s lock and drops its other requests (a worker that left mid-transaction). */
  forget(owner: object): void;
  /** The gate of the process that holds the queue. */
  gate(): WriteGate;
};

/** The write queue, first come first served, kept by the main process. */
export function createWriteQueue(): WriteQueue {
  type Waiter = { owner: object; granted: () => void };
  const queue: Waiter[] = [];
  let holder: Waiter | null = null;

  function next() {
    holder = queue.shift() ?? null;
    holder?.granted();
  }

  function end(waiter: Waiter) {
    if (holder === waiter) next();
    else {
      const index = queue.indexOf(waiter);
      if (index >= 0) queue.splice(index, 1);
    }
  }

  function take(owner: object, granted: () => void): () => void {
    const waiter: Waiter = { owner, granted };
    queue.push(waiter);
    if (!holder) next();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end(waiter);
    };
  }

  const self = {};
  return {
    take,
    forget(owner) {
      for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i]?.owner === owner) queue.splice(i, 1);
      if (holder?.owner === owner) next();
    },
    gate: () => ({
      acquire: () =>
        new Promise((resolve) => {
          // The lock may be granted at once, inside take(), before its release is returned.
          let granted = false;
          let release: (() => void) | null = null;
          release = take(self, () => {
            granted = true;
            if (release) resolve(release);
          });
          if (granted) resolve(release);
        }),
    }),
  };
}

/**
 * Shares one grant of `remote`'s lock among this process's own transactions: while it is held,
 * the next local one takes it straight on, up to `maxRun` in a row, and only then is it released.
 * Under load that saves the two messages a grant costs for most transactions, and the run limit
 * keeps other processes from waiting long.
 */
export function sharedWriteQueue(remote: WriteGate, maxRun = 8): WriteGate {
  const waiting: Array<(release: () => void) => void> = [];
  let endRemote: (() => void) | null = null;
  let asking = false;
  let run = 0;

  async function ask() {
    asking = true;
    endRemote = await remote.acquire();
    asking = false;
    run = 0;
    handOut();
  }

  function giveBack() {
    const end = endRemote;
    endRemote = null;
    end?.();
    if (waiting.length > 0) void ask();
  }

  function handOut() {
    const next = waiting.shift();
    if (!next) return giveBack();
    run += 1;
    let ended = false;
    next(() => {
      if (ended) return;
      ended = true;
      if (waiting.length > 0 && run < maxRun) handOut();
      else giveBack();
    });
  }

  return {
    acquire: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        if (!endRemote && !asking) void ask();
      }),
  };
}
