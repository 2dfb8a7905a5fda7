import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An e2e run's data folder, named after its port: the hosted run's shop keeps its data there, and
 * each slot's shop of an embedded run in a folder beside it (`-w0`, `-w1`…, worker-shop.ts).
 */
export const e2eDataDir = (port: number | string): string => path.join(os.tmpdir(), `cardshop-e2e-${port}`);

/**
 * Removes an ended run's data folders, its own and its slots', once its shops have stopped: each
 * run takes a port of its own, so they would pile up in the temp folder, 100 to 200 MB a shop.
 */
export function removeE2eData(runDataDir: string): void {
  const parent = path.dirname(runDataDir);
  const name = path.basename(runDataDir);
  if (!fs.existsSync(parent)) return;
  for (const entry of fs.readdirSync(parent))
    if (entry === name || entry.startsWith(`${name}-w`))
      fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
}
