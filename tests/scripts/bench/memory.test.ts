import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { serverMemory, treeMemory } from '../../../scripts/bench/memory.ts';
import { startAstroBuilder } from '../../../src/server/rebuild/astro-builder.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

it('counts a storefront build process in the tree, but not in the server it belongs to', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-memory-'));
  // The real build process: it loads Astro and bundles the code, then waits to be told to build.
  const builder = startAstroBuilder({
    root: ROOT,
    dataDir,
    siteUrl: 'http://localhost:4321',
    quiet: true,
    workDir: path.join(dataDir, 'builds', 'next-1'),
  });
  const buildProcessMb = () => treeMemory(process.pid).rssMb - serverMemory(process.pid).rssMb;
  try {
    await expect.poll(buildProcessMb, { timeout: 60_000, interval: 250 }).toBeGreaterThan(50);
  } finally {
    await builder.cancel();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The two readings are a moment apart and this process's own memory may move between them (CI
  // once saw -1): the difference settles at 0 once the build process is gone.
  await expect.poll(buildProcessMb, { timeout: 10_000, interval: 100 }).toBe(0);
}, 90_000);
