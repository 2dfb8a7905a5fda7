import type { WriteGate } from '../../adapters/sqlite/write-queue.ts';
import {
  isWriteQueueMessage,
  WRITE_LOCK_GRANTED,
  WRITE_LOCK_RELEASE,
  WRITE_LOCK_REQUEST,
} from './worker-messages.ts';

const nothing = () => undefined;

/**
 * A worker's holds on the write lock, asked of the main process, which keeps the write queue
 * (worker-pool.ts). Without a channel (retired, or the main process gone), or when no grant comes
 * within `waitMs`, the transaction goes ahead on SQLite's own locking, which stays correct.
 */
export function workerWriteGate(waitMs = 2_000): WriteGate {
  let lastId = 0;
  const waiting = new Map<number, (release: () => void) => void>();

  const send = (type: string, id: number) => {
    if (process.connected) process.send?.({ type, id });
  };
  const endOf = (id: number) => {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      send(WRITE_LOCK_RELEASE, id);
    };
  };

  process.on('message', (message) => {
    if (!isWriteQueueMessage(message) || message.type !== WRITE_LOCK_GRANTED) return;
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    // A grant that came after this worker stopped waiting is released at once.
    if (resolve) resolve(endOf(message.id));
    else send(WRITE_LOCK_RELEASE, message.id);
  });
  process.on('disconnect', () => {
    for (const resolve of waiting.values()) resolve(nothing);
    waiting.clear();
  });

  return {
    acquire() {
      if (!process.connected || !process.send) return Promise.resolve(nothing);
      lastId += 1;
      const id = lastId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(nothing);
        }, waitMs);
        timer.unref();
        waiting.set(id, (release) => {
          clearTimeout(timer);
          resolve(release);
        });
        send(WRITE_LOCK_REQUEST, id);
      });
    },
  };
}
