import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isAlive } from '../../lib/process-alive.ts';

/**
 * How other commands (restore) know that a shop is serving a data folder: `npm start` writes
 * `server.json` there when it listens and removes it when it stops. A file left by a server that
 * was killed names a process that is gone, so it does not count.
 */
const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');
const recordSchema = z.object({ pid: z.number().int(), port: z.number().int(), startedAt: z.string() });
export type RunningShop = z.infer<typeof recordSchema>;

export function markRunning(dataDir: string, port: number): void {
  const record: RunningShop = { pid: process.pid, port, startedAt: new Date().toISOString() };
  fs.writeFileSync(fileOf(dataDir), JSON.stringify(record));
}

export function clearRunning(dataDir: string): void {
  const current = readRecord(dataDir);
  if (current?.pid === process.pid) fs.rmSync(fileOf(dataDir), { force: true });
}

/** The shop serving `dataDir` right now, or null. */
export function runningShop(dataDir: string): RunningShop | null {
  const record = readRecord(dataDir);
  return record && isAlive(record.pid) ? record : null;
}

function readRecord(dataDir: string): RunningShop | null {
  try {
    return recordSchema.parse(JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')));
  } catch {
    return null;
  }
}
