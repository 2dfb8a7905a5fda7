/** The bench's memory sampler (memory.ts), off the load generator's thread: posts a reading each tick. */
import { parentPort, workerData } from 'node:worker_threads';
import { serverMemory } from './memory.ts';

const { pid, everyMs } = workerData as { pid: number; everyMs: number };
setInterval(() => parentPort?.postMessage(serverMemory(pid)), everyMs);
