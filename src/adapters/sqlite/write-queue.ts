/**
 * Turns at SQLite's one write lock, taken in order among the shop's processes (decision 009).
 * Without them, a process that finds the lock held waits in SQLite's busy handler, which sleeps
 * in growing steps (1, 2, 5, 10 ms…) and blocks its whole event loop meanwhile. With them it
 * waits for a message, in line, while it serves other requests. Turns only order the writers:
 * each transaction still takes the lock itself (BEGIN IMMEDIATE), so a process without turns (a
 * script, a test) or a turn that never came still writes correctly, only less smoothly.
 */
export type WriteGate = {
  /** Waits for this process's turn; call what it resolves with when the transaction has ended. */
  acquire(): Promise<() => void>;
};

const nothing = () => undefined;

/** No turns: SQLite's busy handler alone (one process, scripts and tests). */
export const OPEN_GATE: WriteGate = { acquire: async () => nothing };

/** Runs `write` in a turn at the write lock, ending the turn however it ends. */
export async function inTurn<T>(gate: WriteGate, write: () => Promise<T>): Promise<T> {
  const endTurn = await gate.acquire();
  try {
    return await write();
  } finally {
    endTurn();
  }
}

export type WriteQueue = {
  /** Queues `owner`; `granted` runs when its turn comes. Returns the function that ends the turn. */
  take(owner: object, granted: () => void): () => void;
  /** Ends `owner`'s turn and drops the ones it queued (a worker that left mid-transaction). */
  forget(owner: object): void;
  /** The gate of the process that holds the queue. */
  gate(): WriteGate;
};

/** The queue of turns, first come first served, kept by the main process. */
export function createWriteQueue(): WriteQueue {
  type Turn = { owner: object; granted: () => void };
  const queue: Turn[] = [];
  let holder: Turn | null = null;

  function next() {
    holder = queue.shift() ?? null;
    holder?.granted();
  }

  function end(turn: Turn) {
    if (holder === turn) next();
    else {
      const index = queue.indexOf(turn);
      if (index >= 0) queue.splice(index, 1);
    }
  }

  function take(owner: object, granted: () => void): () => void {
    const turn: Turn = { owner, granted };
    queue.push(turn);
    if (!holder) next();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end(turn);
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
          // The turn may be granted at once, inside take(), before its end function is returned.
          let granted = false;
          let endTurn: (() => void) | null = null;
          endTurn = take(self, () => {
            granted = true;
            if (endTurn) resolve(endTurn);
          });
          if (granted) resolve(endTurn);
        }),
    }),
  };
}

/**
 * Shares one turn of `remote` among this process's own transactions: while the turn is held,
 * the next local one takes it straight on, up to `maxRun` in a row, and only then is it handed
 * back. Under load that saves the two messages a turn costs for most transactions, and the run
 * limit keeps other processes from waiting long.
 */
export function sharedWriteQueue(remote: WriteGate, maxRun = 8): WriteGate {
  const waiting: Array<(endTurn: () => void) => void> = [];
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
