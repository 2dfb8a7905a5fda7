import cluster, { type Worker } from 'node:cluster';
import type { WriteQueue } from '../../adapters/sqlite/write-queue.ts';
import { log } from '../../lib/log.ts';
import type { CurrentBuild } from '../rebuild/current-build.ts';
import { MAIN_V8_FLAGS, WORKER_V8_FLAGS } from './server-flags.ts';
import {
  isCachedPageMessage,
  isWriteQueueMessage,
  RETIRE,
  RETIRE_GRACE_MS,
  SERVE,
  STOP,
  WRITE_LOCK_GRANTED,
  WRITE_LOCK_RELEASE,
  WRITE_LOCK_REQUEST,
} from './worker-messages.ts';

export type WorkerPoolOptions = {
  /** How many processes serve requests. */
  size: number;
  /** The worker's entry script (scripts/web-worker.ts). */
  script: string;
  /** How long new workers may take to load a build and listen. */
  startTimeoutMs?: number;
  /** The write queue for the database's write lock, which the workers ask for by message. */
  writeQueue?: WriteQueue;
};

export type WorkerPool = {
  /**
   * Serves `build`: starts a full set of workers on it (or tells those `prepare` started) and, once
   * every one listens, retires the workers of the build before (they finish what is in flight,
   * then exit, and their build's code leaves memory with them). Rejects, leaving the old workers
   * serving, when the new ones fail.
   */
  serve(build: CurrentBuild): Promise<void>;
  /**
   * Starts the next build's workers now, before the build is made: they load the shop's code and
   * open its data meanwhile, so the swap waits only for them to load the build. Does nothing when
   * they are started already.
   */
  prepare(): void;
  /** Retires every worker and resolves when they have exited. */
  stop(): Promise<void>;
};

/** A set of workers on one build: starting, then serving, and `ended` once retired or failed. */
type Generation = { build: CurrentBuild; workers: Set<Worker>; ended: boolean };

/**
 * glibc's allocator, told to give memory back (decision 057): at most two arenas, and blocks from
 * 64 KB up (rendered pages, their gzip) in their own mappings, returned when freed, instead of in
 * an arena that fragments and keeps its peak. Other C libraries ignore these.
 */
export const WORKER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '1048576',
};

/**
 * The main process's side of serving (decision 009): a set of worker processes per storefront
 * build, sharing the shop's port (node:cluster hands each connection to one of them), so requests
 * use every core and a slow page in one process does not hold up the others. A worker that dies
 * unexpectedly is replaced, with a growing pause if it keeps dying.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  // Structured clones, not JSON: the pages the workers share hold their bodies as bytes.
  cluster.setupPrimary({
    exec: options.script,
    serialization: 'advanced',
    // The main process's own heap settings give way to the workers'; its other flags pass on.
    execArgv: [...process.execArgv.filter((flag) => !MAIN_V8_FLAGS.includes(flag)), ...WORKER_V8_FLAGS],
  });
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  let current: Generation | null = null;
  let stopping = false;
  let restartDelayMs = 1_000;
  const retired = new WeakSet<Worker>();
  /** Workers `prepare` started, waiting for the build they will serve. */
  let spares: Worker[] = [];

  /** A worker process: on `build`, or with none yet, waiting to be told one (a spare). */
  function spawn(build: CurrentBuild | null): Worker {
    const worker = cluster.fork({
      ...(build ? { SHOP_SERVE_BUILD: JSON.stringify(build) } : {}),
      ...WORKER_MALLOC_ENV,
    });
    // A message to a worker that has just died fails on its closed channel; its exit says the rest.
    worker.on('error', (error) => log.warn('A storefront worker channel failed', { error }));
    serveWriteQueue(worker);
    return worker;
  }

  function fork(generation: Generation): Worker {
    const worker = spawn(generation.build);
    join(worker, generation);
    return worker;
  }

  /** Makes `worker` one of `generation`'s: it shares their pages and is replaced if it dies. */
  function join(worker: Worker, generation: Generation) {
    generation.workers.add(worker);
    const startedAt = Date.now();
    passCachedPages(worker, generation);
    worker.once('exit', (code, signal) => {
      generation.workers.delete(worker);
      // Also while its set is starting: one that died after it listened no longer holds up the
      // start, and must not leave the set short once it serves.
      if (stopping || retired.has(worker) || generation.ended) return;
      log.error('A storefront worker stopped; starting another', {
        code,
        signal,
        buildId: generation.build.buildId,
      });
      // A worker that ran a while had a passing fault: start the next one soon.
      restartDelayMs = Date.now() - startedAt > 60_000 ? 1_000 : Math.min(restartDelayMs * 2, 30_000);
      setTimeout(() => {
        if (!stopping && !generation.ended) fork(generation);
      }, restartDelayMs).unref();
    });
  }

  /** Hands each page a worker cached to the other workers of its build (page-cache-sharing.ts). */
  function passCachedPages(worker: Worker, generation: Generation) {
    worker.on('message', (message) => {
      if (!isCachedPageMessage(message)) return;
      for (const other of generation.workers)
        if (other !== worker && other.isConnected()) other.send(message);
    });
  }

  /** Queues the worker's requests for the write lock; a worker that leaves gives up its place. */
  function serveWriteQueue(worker: Worker) {
    const queue = options.writeQueue;
    if (!queue) return;
    const ends = new Map<number, () => void>();
    worker.on('message', (message) => {
      if (!isWriteQueueMessage(message)) return;
      if (message.type === WRITE_LOCK_REQUEST) {
        const { id } = message;
        const end = queue.take(worker, () => {
          if (worker.isConnected()) worker.send({ type: WRITE_LOCK_GRANTED, id });
          else queue.forget(worker);
        });
        ends.set(id, end);
      } else if (message.type === WRITE_LOCK_RELEASE) {
        ends.get(message.id)?.();
        ends.delete(message.id);
      }
    });
    const leave = () => {
      ends.clear();
      queue.forget(worker);
    };
    worker.once('disconnect', leave);
    worker.once('exit', leave);
  }

  function listening(worker: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('a worker did not start in time')), startTimeoutMs);
      worker.once('listening', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`a worker exited with code ${code} while starting`));
      });
    });
  }

  function retire(generation: Generation, message: typeof RETIRE | typeof STOP): Promise<void> {
    generation.ended = true;
    return retireWorkers(generation.workers, message);
  }

  function retireWorkers(workers: Iterable<Worker>, message: typeof RETIRE | typeof STOP): Promise<void> {
    const exits = [...workers].map(
      (worker) =>
        new Promise<void>((resolve) => {
          retired.add(worker);
          if (worker.isDead()) return resolve();
          const timer = setTimeout(() => worker.process.kill('SIGKILL'), RETIRE_GRACE_MS + 5_000);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          if (!worker.isConnected()) {
            worker.process.kill('SIGTERM');
            return;
          }
          worker.send(message);
          // Takes the worker out of the port's round robin now, before it closes its server. A
          // connection handed to a worker that exits before it answers the hand-over is lost:
          // the browser waits on it until it gives up (decision 009).
          worker.disconnect();
        }),
    );
    return Promise.all(exits).then(() => undefined);
  }

  return {
    async serve(build) {
      const next: Generation = { build, workers: new Set(), ended: false };
      const ready = spares.filter((worker) => worker.isConnected());
      spares = [];
      const started = Array.from({ length: options.size }, (_, index) => {
        const spare = ready[index];
        if (!spare) return fork(next);
        join(spare, next);
        spare.send({ type: SERVE, build });
        return spare;
      });
      try {
        await Promise.all(started.map(listening));
      } catch (error) {
        next.ended = true;
        for (const worker of next.workers) {
          retired.add(worker);
          worker.process.kill('SIGKILL');
        }
        throw error;
      }
      const previous = current;
      current = next;
      restartDelayMs = 1_000;
      if (previous) void retire(previous, RETIRE);
    },
    prepare() {
      spares = spares.filter((worker) => worker.isConnected());
      while (!stopping && spares.length < options.size) {
        const spare = spawn(null);
        spares.push(spare);
        spare.once('exit', () => {
          spares = spares.filter((worker) => worker !== spare);
        });
      }
    },
    async stop() {
      stopping = true;
      const waiting = spares;
      spares = [];
      await Promise.all([current ? retire(current, STOP) : undefined, retireWorkers(waiting, STOP)]);
    },
  };
}
