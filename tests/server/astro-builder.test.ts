import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANCELLED_ERROR, startAstroBuilder } from '../../src/server/rebuild/astro-builder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A stand-in for scripts/storefront-build.ts that keeps its protocol: it listens and says so, "loads"
 * (FAKE_LOAD: 'fail' ends it there), "bundles" into its work folder (SHOP_BUILD_OUT_DIR), and on
 * `{ type: 'build' }` writes what it was started with into that folder, prints two lines and exits
 * with FAKE_EXIT after FAKE_BUILD_MS.
 */
const STAND_IN = `
import fs from 'node:fs';
import path from 'node:path';
process.once('disconnect', () => process.exit(0));
let ordered;
const order = new Promise((resolve) => (ordered = resolve));
process.on('message', (message) => message.type === 'build' && ordered());
process.send({ type: 'ready' });
if (process.env.FAKE_LOAD === 'fail') {
  console.error('Cannot find module "astro"');
  process.exit(1);
}
const dir = process.env.SHOP_BUILD_OUT_DIR;
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'bundled'), '');
await order;
await new Promise((resolve) => setTimeout(resolve, Number(process.env.FAKE_BUILD_MS ?? 0)));
const seen = ['DATA_DIR', 'SITE_URL', 'SHOP_BUILD_CACHE_DIR', 'NODE_ENV'].map((name) => [name, process.env[name]]);
fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify(Object.fromEntries(seen)));
console.log('building the pages');
console.error(Number(process.env.FAKE_EXIT) === 0 ? 'done' : 'Error: the catalogue could not be read');
process.exit(Number(process.env.FAKE_EXIT ?? 0));
`;

let folder: string;
let script: string;
const saved = {
  FAKE_EXIT: process.env.FAKE_EXIT,
  FAKE_LOAD: process.env.FAKE_LOAD,
  FAKE_BUILD_MS: process.env.FAKE_BUILD_MS,
};

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-builder-'));
  script = path.join(folder, 'stand-in.mjs');
  fs.writeFileSync(script, STAND_IN);
});

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(folder, { recursive: true, force: true });
});

const workDir = () => path.join(folder, 'data', 'builds', 'next-1');
const builder = () =>
  startAstroBuilder({
    root: ROOT,
    dataDir: path.join(folder, 'data'),
    siteUrl: 'https://shop.example',
    quiet: true,
    script,
    workDir: workDir(),
  });

describe('a storefront build process', () => {
  it('builds into the folder it is given, with the data folder, address and cache it is started with', async () => {
    process.env.FAKE_EXIT = '0';
    const lines: string[] = [];
    const outputDir = path.join(folder, 'build-000001');
    const outcome = await builder().build(outputDir, (line) => lines.push(line));
    expect(outcome).toEqual({ ok: true });
    expect(lines).toEqual(['building the pages', 'done']);
    // Moved whole from the work folder, where it was bundled before the order.
    expect(fs.existsSync(path.join(outputDir, 'bundled'))).toBe(true);
    expect(fs.existsSync(workDir())).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(outputDir, 'env.json'), 'utf8'))).toEqual({
      DATA_DIR: path.join(folder, 'data'),
      SITE_URL: 'https://shop.example',
      SHOP_BUILD_CACHE_DIR: path.join(folder, 'data', 'build-cache'),
      NODE_ENV: process.env.NODE_ENV ?? 'production',
    });
  });

  it('reports a failed build with what it printed', async () => {
    process.env.FAKE_EXIT = '1';
    const outcome = await builder().build(path.join(folder, 'build-000002'));
    expect(outcome).toEqual({
      ok: false,
      error: 'building the pages\nError: the catalogue could not be read',
    });
    expect(fs.existsSync(path.join(folder, 'build-000002'))).toBe(false);
    expect(fs.existsSync(workDir())).toBe(false);
  });

  it('reports a process that could not load Astro, even when asked to build later', async () => {
    process.env.FAKE_LOAD = 'fail';
    const loading = builder();
    // Asked only once its process has ended (however slow the machine is to get there).
    while (!loading.ended()) await new Promise((resolve) => setTimeout(resolve, 20));
    const outcome = await loading.build(path.join(folder, 'build-000003'));
    expect(outcome).toEqual({ ok: false, error: 'Cannot find module "astro"' });
    expect(fs.existsSync(path.join(folder, 'build-000003'))).toBe(false);
  });

  it('bundles into its work folder before it is told to build, and renders nothing until then', async () => {
    process.env.FAKE_EXIT = '0';
    const ahead = builder();
    while (!fs.existsSync(path.join(workDir(), 'bundled')))
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.existsSync(path.join(workDir(), 'env.json'))).toBe(false);
    expect(ahead.ended()).toBe(false);
    expect(await ahead.build(path.join(folder, 'build-000007'))).toEqual({ ok: true });
    expect(fs.existsSync(path.join(folder, 'build-000007', 'env.json'))).toBe(true);
  });

  it('ends a process that is let go before it builds, and builds nothing with it', async () => {
    const loading = builder();
    while (!fs.existsSync(workDir())) await new Promise((resolve) => setTimeout(resolve, 20));
    // Resolves only once the process has exited.
    await loading.cancel();
    expect(fs.existsSync(workDir())).toBe(false);
    await expect(loading.build(path.join(folder, 'build-000004'))).rejects.toThrow('A builder builds once');
    expect(fs.existsSync(path.join(folder, 'build-000004'))).toBe(false);
  });

  it('ends a build under way when cancelled, which then reports that it did not finish', async () => {
    process.env.FAKE_EXIT = '0';
    process.env.FAKE_BUILD_MS = '60000';
    const building = builder();
    const lines: string[] = [];
    const outcome = building.build(path.join(folder, 'build-000005'), (line) => lines.push(line));
    // Under way: it has bundled and is "building".
    while (!fs.existsSync(path.join(workDir(), 'bundled')))
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Resolves once the process has exited; waiting out its 60 s would time the test out.
    await building.cancel();
    expect(await outcome).toEqual({ ok: false, error: CANCELLED_ERROR });
    expect(lines).toEqual([]);
    expect(fs.existsSync(workDir())).toBe(false);
    expect(fs.existsSync(path.join(folder, 'build-000005'))).toBe(false);
  });

  it('reports a build that ended just before a cancel as it ended', async () => {
    process.env.FAKE_EXIT = '0';
    const building = builder();
    const outcome = await building.build(path.join(folder, 'build-000006'));
    await building.cancel();
    expect(outcome).toEqual({ ok: true });
  });
});
