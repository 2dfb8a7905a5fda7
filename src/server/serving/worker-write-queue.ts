import type { WriteGate } from '../../adapters/sqlite/write-queue.ts';
import { isWriteQueueMessage, WRITE_TURN, WRITE_TURN_END, WRITE_TURN_GRANTED } from './worker-messages.ts';

const nothing = () => undefined;

/**
 * A worker's turns at the write lock, asked of the main process, which keeps the queue
 * (worker-pool.ts). Without a channel (retired, or the main process gone), or when no turn comes
 * within `waitMs`, the transaction goes ahead on SQLite's own locking, which stays correct.
 */
export function workerWriteGate(waitMs = 2_000): WriteGate {
  let lastId = 0;
  const waiting = new Map<number, (endTurn: () => void) => void>();

  const send = (type: string, id: number) => {
    if (process.connected) process.send?.({ type, id });
  };
  const endOf = (id: number) => {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      send(WRITE_TURN_END, id);
    };
  };

  process.on('message', (message) => {
    if (!isWriteQueueMessage(message) || message.type !== WRITE_TURN_GRANTED) return;
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    // A turn that came after this worker stopped waiting is handed straight back.
    if (resolve) resolve(endOf(message.id));
    else send(WRITE_TURN_END, message.id);
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
        waiting.set(id, (endTurn) => {
          clearTimeout(timer);
          resolve(endTurn);
        });
        send(WRITE_TURN, id);
      });
    },
  };
}
