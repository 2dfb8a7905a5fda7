import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildRecord } from '../../src/domain/rebuild/build-record.ts';
import { log } from '../../src/lib/log.ts';
import type { BuildArtifact, BuildArtifactsPort, ServedArtifact } from '../../src/ports/build-artifacts.ts';
import type { BuildsPort } from '../../src/ports/builds.ts';
import { type Builder, type BuildOutcome, CANCELLED_ERROR } from '../../src/server/rebuild/astro-builder.ts';
import { codeHash } from '../../src/server/rebuild/code-hash.ts';
import { readCurrentBuild, writeCurrentBuild } from '../../src/server/rebuild/current-build.ts';
import {
  cacheName,
  createRebuildService,
  LEAD_GRACE_MS,
  type RebuildService,
} from '../../src/server/rebuild/rebuild-service.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const POLL_MS = 250;
/** The incremental cache of another instance, which made a stored build. */
const ANOTHER = 'another-host:/srv/shop/data';

/** The builds port as the service uses it, with the content version in the test's hands. */
function fakeBuilds() {
  const started: number[] = [];
  const finished: ({ id: number } & Parameters<BuildsPort['finish']>[1])[] = [];
  const port = {
    version: 0,
    /** Rebuilds asked for ("rebuild now"); each also moves `version`, as the adapter's does. */
    requests: 0,
    /** Another process holds the build: begin() answers null. */
    busy: false,
    started,
    finished,
    async contentVersion() {
      return port.version;
    },
    async rebuildRequests() {
      return port.requests;
    },
    async begin(_pid: number, contentVersion: number): Promise<BuildRecord | null> {
      if (port.busy) return null;
      started.push(Date.now());
      return {
        id: started.length,
        status: 'building',
        contentVersion,
        outputDir: null,
        progress: '',
        error: null,
        startedAt: new Date().toISOString(),
        finishedAt: null,
      };
    },
    async progress() {},
    /** How long recording an outcome takes (as serving a new build takes a while before it). */
    finishMs: 0,
    async finish(id: number, outcome: Parameters<BuildsPort['finish']>[1]) {
      if (port.finishMs > 0) await new Promise((resolve) => setTimeout(resolve, port.finishMs));
      finished.push({ id, ...outcome });
    },
  };
  return port;
}

let dataDir: string;
let service: RebuildService | null;
/** When the service told the server a build is coming (`onChange`), on the fake clock. */
let changesTold: number[];

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-rebuilds-'));
  service = null;
});

afterEach(async () => {
  await service?.stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Build processes as the service sees them, on the fake clock: when each was started, when it was
 * told to build (each build takes `buildMs` and succeeds unless cancelled first), and which were
 * cancelled (let go unused, or ended while building).
 */
function fakeBuilders(buildMs: number) {
  const log = {
    started: [] as number[],
    built: [] as number[],
    cancelled: [] as number[],
    /** The processes the test ended (killed while they waited). */
    ended: new Set<number>(),
  };
  const startBuilder = (): Builder => {
    const index = log.started.push(Date.now()) - 1;
    let end: ((outcome: BuildOutcome) => void) | null = null;
    return {
      build: (outputDir) => {
        log.built.push(Date.now());
        return new Promise((resolve) => {
          end = resolve;
          setTimeout(() => {
            // What a build leaves, so the service takes the folder as a whole build.
            fs.mkdirSync(path.join(outputDir, 'server'), { recursive: true });
            fs.writeFileSync(path.join(outputDir, 'server', 'entry.mjs'), '');
            resolve({ ok: true });
          }, buildMs);
        });
      },
      cancel: async () => {
        log.cancelled.push(index);
        end?.({ ok: false, error: CANCELLED_ERROR });
      },
      ended: () => log.ended.has(index),
    };
  };
  return { log, startBuilder };
}

/**
 * Builds shared between instances as the service uses them: `stored` is the newest build another
 * instance stored (null: none), `leader` whether another instance leads now. A download writes a
 * build folder the way a real one unpacks it.
 */
function fakeArtifacts() {
  const artifacts = {
    stored: null as BuildArtifact | null,
    leader: false,
    downloaded: [] as number[],
    published: [] as { codeKey: string; contentVersion: number; dir: string; builtBy: string }[],
    released: 0,
    /** The stored build each look said it serves. */
    served: [] as (number | null)[],
    async latest(codeKey: string, served: number | null) {
      expect(codeKey).toBe(`${codeHash(ROOT)}:${ROOT}`);
      artifacts.served.push(served);
      return artifacts.stored;
    },
    /** Why storing the whole folder fails, when it does. */
    wholeFails: null as Error | null,
    async publish(codeKey: string, contentVersion: number, dir: string, builtBy: string) {
      artifacts.published.push({ codeKey, contentVersion, dir, builtBy });
      const whole = artifacts.wholeFails ? Promise.reject(artifacts.wholeFails) : Promise.resolve();
      return { id: 100 + artifacts.published.length, whole };
    },
    /** Downloads that fail before one succeeds, as when a newer build had replaced the one asked for. */
    failures: 0,
    /** The build each download was to start from (null: the whole folder). */
    from: [] as (ServedArtifact | null)[],
    async download(id: number, dir: string, served: ServedArtifact | null) {
      artifacts.downloaded.push(id);
      artifacts.from.push(served);
      if (artifacts.failures > 0) {
        artifacts.failures -= 1;
        return null;
      }
      fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), '');
      return served ? ('changes' as const) : ('whole' as const);
    },
    async tryLead() {
      if (artifacts.leader) return null;
      artifacts.leader = true;
      return async () => {
        artifacts.leader = false;
        artifacts.released += 1;
      };
    },
  };
  return artifacts;
}

/** Has the data folder serve build 1, made from `hash` and content version `contentVersion`. */
function serveBuild(hash: string, contentVersion: number) {
  const served = path.join(dataDir, 'builds', 'build-000001');
  fs.mkdirSync(path.join(served, 'server'), { recursive: true });
  fs.writeFileSync(path.join(served, 'server', 'entry.mjs'), '');
  writeCurrentBuild(dataDir, {
    buildId: 1,
    outputDir: served,
    codeHash: hash,
    contentVersion,
    builtAt: new Date().toISOString(),
  });
}

/** A service whose builds take `buildMs` (on the fake clock) and always succeed. */
function start(
  builds: ReturnType<typeof fakeBuilds>,
  debounceMs: number,
  buildMs = 1_000,
  pollMs = POLL_MS,
  artifacts: BuildArtifactsPort | null = null,
  prepare: 'ahead' | 'on-change' = 'on-change',
) {
  const builders = fakeBuilders(buildMs);
  changesTold = [];
  service = createRebuildService({
    onChange: () => changesTold.push(Date.now()),
    artifacts,
    prepare,
    root: ROOT,
    dataDir,
    siteUrl: 'http://localhost:4321',
    builds: builds as unknown as BuildsPort,
    debounceMs,
    pollMs,
    quiet: true,
    startBuilder: builders.startBuilder,
  });
  service.start();
  return builders.log;
}

describe('the rebuild service', () => {
  it('starts a build when the change has been quiet for the debounce, not a poll later', async () => {
    const builds = fakeBuilds();
    start(builds, 300);
    builds.version = 1;
    // Seen at the first look (250 ms); quiet for 300 ms from then: 550 ms.
    await vi.advanceTimersByTimeAsync(549);
    expect(builds.started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(builds.started).toEqual([550]);
  });

  it('looks at once when woken (a notification), however long its poll', async () => {
    const builds = fakeBuilds();
    start(builds, 300, 1_000, 10_000);
    await vi.advanceTimersByTimeAsync(100);
    builds.version = 1;
    service?.wake();
    // Seen at 100 ms, not at the 10 s poll; built after its 300 ms of quiet.
    await vi.advanceTimersByTimeAsync(299);
    expect(builds.started).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(builds.started).toEqual([400]);
    // A change woken in during a build is looked at as soon as the build ends.
    builds.version = 2;
    service?.wake();
    await vi.advanceTimersByTimeAsync(1_000 + 300 + 2);
    expect(builds.started).toHaveLength(2);
    expect(builds.started[1]).toBeLessThanOrEqual(1_702);
  });

  it('builds a rebuild asked for at once, while a change waits out its debounce', async () => {
    const builds = fakeBuilds();
    start(builds, 60_000);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(builds.started).toEqual([]);
    // "Rebuild now": seen at the next look, and built then.
    builds.requests = 1;
    builds.version = 2;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(builds.started).toEqual([5_250]);
    // The next change waits out its whole debounce again.
    await vi.advanceTimersByTimeAsync(10_000);
    builds.version = 3;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(builds.started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(builds.started).toHaveLength(2);
  });

  it('waits while changes keep coming, then builds once', async () => {
    const builds = fakeBuilds();
    start(builds, 300);
    for (let n = 1; n <= 4; n++) {
      builds.version = n;
      await vi.advanceTimersByTimeAsync(POLL_MS);
    }
    expect(builds.started).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(builds.started).toEqual([1_300]);
  });

  it('looks again as soon as a build ends, for the changes made during it', async () => {
    const builds = fakeBuilds();
    start(builds, 300, 1_000);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(600);
    expect(builds.started).toEqual([550]);
    builds.version = 2; // an edit while the first build runs (550–1,550 ms)
    // Seen right as the build ends, at 1,550 ms (a timer of 0 ms fires a millisecond later);
    // quiet for 300 ms from then. Under a poll-later service it would be a whole poll later.
    await vi.advanceTimersByTimeAsync(1_249);
    expect(builds.started).toEqual([550]);
    await vi.advanceTimersByTimeAsync(10);
    expect(builds.started).toHaveLength(2);
    expect(builds.started[1]).toBeGreaterThanOrEqual(1_850);
    expect(builds.started[1]).toBeLessThanOrEqual(1_852);
  });

  it('looks again a poll later, not at once, while another process holds the build', async () => {
    const builds = fakeBuilds();
    const begin = vi.spyOn(builds, 'begin');
    builds.busy = true;
    const builders = start(builds, 0);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(begin.mock.calls.length).toBeGreaterThan(5);
    expect(begin.mock.calls.length).toBeLessThanOrEqual(10);
    // Its loaded build process waits for the next try, and is the one that builds then.
    expect(builders.started).toHaveLength(1);
    expect(builders.built).toEqual([]);
    builds.busy = false;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(builds.started).toHaveLength(1);
    expect(builders.built).toHaveLength(1);
    expect(builders.started).toHaveLength(1);
  });

  it('starts the build process when it sees a change, and has it build when the debounce ends', async () => {
    const builds = fakeBuilds();
    const builders = start(builds, 1_500);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    // Loading Astro overlaps the debounce.
    expect(builders.started).toEqual([250]);
    expect(builders.built).toEqual([]);
    builds.version = 2; // another edit: the same process waits on
    await vi.advanceTimersByTimeAsync(3 * POLL_MS);
    expect(builders.started).toEqual([250]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(builders.built).toEqual([2_000]);
    expect(builders.started).toEqual([250]);
    expect(builders.cancelled).toEqual([]);
  });

  it('tells the server a build is coming at each look while a change waits, and not once it is served', async () => {
    serveBuild(codeHash(ROOT), 0);
    const builds = fakeBuilds();
    start(builds, 1_500);
    await vi.advanceTimersByTimeAsync(4 * POLL_MS);
    expect(changesTold).toEqual([]);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    // Seen at 1,250 ms: the workers for the build start then, not when the build is done.
    expect(changesTold).toEqual([1_250]);
    await vi.advanceTimersByTimeAsync(1_500 + 1_000);
    expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 1 });
    const told = changesTold.length;
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(changesTold).toHaveLength(told);
  });

  it('with REBUILD_PREPARE=ahead, starts the next build process at its start and after each build', async () => {
    const builds = fakeBuilds();
    // It serves a build of the data as it is.
    serveBuild(codeHash(ROOT), 0);
    const builders = start(builds, 1_500, 1_000, POLL_MS, null, 'ahead');
    await vi.advanceTimersByTimeAsync(0);
    expect(builders.started).toEqual([0]);
    // Nothing changed: it waits, bundled, for a change.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(builders.started).toEqual([0]);
    expect(builders.built).toEqual([]);
    builds.version = 1;
    // Seen at 10,250 and quiet for 1,500 ms: the process started at 0 builds it.
    await vi.advanceTimersByTimeAsync(POLL_MS + 1_500);
    expect(builders.built).toEqual([11_750]);
    expect(builders.started).toEqual([0]);
    // Once that build is served, the next build's process starts.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(builders.started).toEqual([0, 12_750]);
    await service?.stop();
    service = null;
    expect(builders.cancelled).toEqual([1]);
  });

  it('builds with a new process when the one started ahead ended while it waited', async () => {
    const builds = fakeBuilds();
    builds.version = 1;
    const builders = start(builds, 0, 1_000, POLL_MS, null, 'ahead');
    // One started ahead at once builds version 1 at the first look; the next starts when it ends.
    await vi.advanceTimersByTimeAsync(POLL_MS + 1_000);
    expect(builders.started).toEqual([0, 1_250]);
    expect(builders.built).toEqual([POLL_MS]);
    builders.ended.add(1); // killed while it waited
    builds.version = 2;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    // A third process, started for this build and building at once.
    expect(builders.started).toHaveLength(3);
    expect(builders.built).toEqual([POLL_MS, builders.started[2]]);
    expect(builders.cancelled).toEqual([1]);
  });

  it('removes the work folders of build processes whose service has ended, and no other', () => {
    const folder = path.join(dataDir, 'builds');
    const ended = path.join(folder, 'next-999999999-1');
    const running = path.join(folder, `next-${process.ppid}-1`);
    const build = path.join(folder, 'build-000001');
    for (const dir of [ended, running, build]) fs.mkdirSync(dir, { recursive: true });
    start(fakeBuilds(), 1_500);
    expect([ended, running, build].map((dir) => fs.existsSync(dir))).toEqual([false, true, true]);
  });

  it('lets a process that never built go when it stops', async () => {
    const builds = fakeBuilds();
    const builders = start(builds, 5_000);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(builders.started).toHaveLength(1);
    await service?.stop();
    service = null;
    expect(builders.cancelled).toEqual([0]);
    expect(builders.built).toEqual([]);
  });

  it('ends a build under way when it stops, and records it failed, instead of waiting for it', async () => {
    const builds = fakeBuilds();
    const builders = start(builds, 0, 60_000);
    builds.version = 1;
    await vi.advanceTimersByTimeAsync(POLL_MS + 10);
    expect(builders.built).toHaveLength(1);
    // Resolves without the clock moving: the build's 60 s are not waited for.
    await service?.stop();
    service = null;
    expect(builders.cancelled).toEqual([0]);
    expect(builds.finished).toEqual([{ id: 1, ok: false, error: CANCELLED_ERROR }]);
    expect(readCurrentBuild(dataDir)).toBeNull();
  });

  describe('with builds shared between instances', () => {
    it('downloads the build another instance stored instead of building', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.leader = true;
      artifacts.stored = { id: 7, contentVersion: 1, builtBy: ANOTHER };
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(artifacts.downloaded).toEqual([7]);
      expect(builders.built).toEqual([]);
      expect(builds.finished).toEqual([
        { id: 1, ok: true, outputDir: expect.stringContaining('build-000001') },
      ]);
      expect(readCurrentBuild(dataDir)).toMatchObject({ buildId: 1, contentVersion: 1 });
    });

    it('says which stored build it serves, so the next download is only the changes since', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.leader = true;
      artifacts.stored = { id: 7, contentVersion: 1, builtBy: ANOTHER };
      start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(artifacts.from).toEqual([null]);
      const first = readCurrentBuild(dataDir);
      expect(first).toMatchObject({ contentVersion: 1, artifactId: 7 });
      artifacts.stored = { id: 8, contentVersion: 2, builtBy: ANOTHER };
      builds.version = 2;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(artifacts.served.at(-1)).toBe(7);
      expect(artifacts.from).toEqual([null, { id: 7, dir: first?.outputDir }]);
      expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 2, artifactId: 8 });
    });

    it('serves its own stored build as that stored build', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 1_010);
      expect(artifacts.published).toHaveLength(1);
      expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 1, artifactId: 101 });
    });

    it('serves its build when storing the whole folder fails, and says so in the log', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.wholeFails = new Error('No space left on device');
      // The swap takes a while: the failure comes before it ends.
      builds.finishMs = 100;
      const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
      start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 1_010 + 2 * builds.finishMs);
      expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 1, artifactId: 101 });
      expect(builds.finished).toMatchObject([{ id: 1, ok: true }]);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('could not be shared'), {
        error: artifacts.wholeFails,
      });
      expect(artifacts.released).toBe(1);
    });

    it('waits while another instance leads, then downloads what it stored', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.leader = true;
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(10 * POLL_MS);
      expect(builds.started).toEqual([]);
      expect(builders.built).toEqual([]);
      // Told at the first look, though another instance builds: the download is swapped in too.
      expect(changesTold[0]).toBe(POLL_MS);
      artifacts.stored = { id: 3, contentVersion: 1, builtBy: ANOTHER };
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(artifacts.downloaded).toEqual([3]);
      expect(builders.built).toEqual([]);
      expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 1 });
    });

    it('leads when no instance does: builds, stores the build for the others, then lets the lead go', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(builders.built).toHaveLength(1);
      expect(artifacts.leader).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(artifacts.published).toEqual([
        {
          codeKey: `${codeHash(ROOT)}:${ROOT}`,
          contentVersion: 1,
          dir: expect.stringContaining('build-000001'),
          builtBy: cacheName(dataDir),
        },
      ]);
      expect(artifacts.released).toBe(1);
      expect(artifacts.downloaded).toEqual([]);
    });

    it('takes no stored build older than the change it saw: it waits for the lead and builds', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.stored = { id: 1, contentVersion: 1, builtBy: ANOTHER };
      artifacts.leader = true;
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 2;
      await vi.advanceTimersByTimeAsync(4 * POLL_MS);
      expect(artifacts.downloaded).toEqual([]);
      artifacts.leader = false; // the leader's build of version 1 ended; none of 2 yet
      await vi.advanceTimersByTimeAsync(LEAD_GRACE_MS);
      expect(builders.built).toHaveLength(1);
      expect(artifacts.downloaded).toEqual([]);
    });

    it('leaves the lead to the instance that made the last build for a while, then takes it', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.stored = { id: 1, contentVersion: 1, builtBy: ANOTHER };
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 2;
      await vi.advanceTimersByTimeAsync(LEAD_GRACE_MS - POLL_MS);
      // Nobody leads, but the last builder's cache is the warm one: it may yet take the lead.
      expect(artifacts.leader).toBe(false);
      expect(builders.built).toEqual([]);
      // It has not (it stopped): this instance builds, and is the last builder from now on.
      await vi.advanceTimersByTimeAsync(2 * POLL_MS);
      expect(builders.built).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(artifacts.published).toMatchObject([{ contentVersion: 2, builtBy: cacheName(dataDir) }]);
    });

    it('with REBUILD_PREPARE=ahead, starts no build process when another instance made the last build', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.stored = { id: 1, contentVersion: 1, builtBy: ANOTHER };
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts, 'ahead');
      await vi.advanceTimersByTimeAsync(POLL_MS);
      // It downloads what that one made, and leaves the next build to it.
      expect(artifacts.downloaded).toEqual([1]);
      artifacts.stored = { id: 2, contentVersion: 2, builtBy: ANOTHER };
      builds.version = 2;
      await vi.advanceTimersByTimeAsync(4 * POLL_MS);
      expect(artifacts.downloaded).toEqual([1, 2]);
      expect(builders.started).toEqual([]);
    });

    it('with REBUILD_PREPARE=ahead, the last builder starts the next build process at its start and after it leads', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.stored = { id: 1, contentVersion: 0, builtBy: cacheName(dataDir) };
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts, 'ahead');
      await vi.advanceTimersByTimeAsync(0);
      expect(builders.started).toEqual([0]);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(builders.built).toEqual([POLL_MS]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(artifacts.published).toMatchObject([{ contentVersion: 1 }]);
      expect(builders.started).toEqual([0, POLL_MS + 1_000]);
    });

    it('leads at once when it made the last build itself', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.stored = { id: 1, contentVersion: 1, builtBy: cacheName(dataDir) };
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 2;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(artifacts.leader).toBe(true);
      expect(builders.built).toHaveLength(1);
    });

    it('after a code change, takes the stored build of the new code even with no new data', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      serveBuild('the-code-before', 4);
      artifacts.stored = { id: 9, contentVersion: 4, builtBy: ANOTHER };
      artifacts.leader = true;
      builds.version = 4;
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      await service?.buildNow();
      expect(artifacts.downloaded).toEqual([9]);
      expect(builders.built).toEqual([]);
      expect(readCurrentBuild(dataDir)).toMatchObject({ codeHash: codeHash(ROOT), contentVersion: 4 });
    });

    it('tries a download again at the next look when it failed, without a new change', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.leader = true;
      artifacts.stored = { id: 5, contentVersion: 1, builtBy: ANOTHER };
      artifacts.failures = 1;
      const builders = start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(POLL_MS + 10);
      expect(artifacts.downloaded).toEqual([5]);
      expect(readCurrentBuild(dataDir)).toBeNull();
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(artifacts.downloaded).toEqual([5, 5]);
      expect(readCurrentBuild(dataDir)).toMatchObject({ contentVersion: 1 });
      expect(builders.built).toEqual([]);
    });

    it('stops waiting for another instance when it stops', async () => {
      const builds = fakeBuilds();
      const artifacts = fakeArtifacts();
      artifacts.leader = true;
      start(builds, 0, 1_000, POLL_MS, artifacts);
      builds.version = 1;
      await vi.advanceTimersByTimeAsync(3 * POLL_MS);
      const stopping = service?.stop();
      await vi.advanceTimersByTimeAsync(POLL_MS);
      await stopping;
      service = null;
      expect(builds.started).toEqual([]);
    });
  });
});
