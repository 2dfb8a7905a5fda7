import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from '../../lib/log.ts';
import { isAlive } from '../../lib/process-alive.ts';
import type { BuildArtifact, BuildArtifactsPort, ServedArtifact } from '../../ports/build-artifacts.ts';
import type { BuildsPort } from '../../ports/builds.ts';
import { type Builder, type BuilderOptions, startAstroBuilder } from './astro-builder.ts';
import { codeHash } from './code-hash.ts';
import {
  buildsFolder,
  type CurrentBuild,
  pruneBuilds,
  readCurrentBuild,
  writeCurrentBuild,
} from './current-build.ts';

/** How often the service looks for changes: a cheap read of the content counters. */
const DEFAULT_POLL_MS = 250;

/**
 * With shared builds, how long the other instances leave the lead to the one that made the last
 * build: its incremental cache is up to date, so its build is the quick one. Long enough for it to
 * see the change (a notification, or a poll) and pass the same debounce; if it has stopped, the
 * change waits this much longer.
 */
export const LEAD_GRACE_MS = 2_000;

export type RebuildOptions = {
  root: string;
  dataDir: string;
  siteUrl: string;
  builds: BuildsPort;
  debounceMs: number;
  pollMs?: number;
  quiet?: boolean;
  /** Called with each newly finished build, whoever built it (this process or `npm run rebuild`). */
  onSwap?: (current: CurrentBuild) => Promise<void>;
  /**
   * Called at each look while a change waits for its build (made here or, with shared builds, by
   * another instance): the server may get ready for the swap meanwhile (worker-pool.ts `prepare`).
   */
  onChange?: () => void;
  /** What makes a build: a process that loads Astro, then builds when told; tests give their own. */
  startBuilder?: (options: BuilderOptions) => Builder;
  /**
   * When the next build's process starts (REBUILD_PREPARE, decision 105): `ahead`, as soon as the
   * service starts and after each build it makes, so that a change waits only for its pages;
   * `on-change` (the default), when a change is seen.
   */
  prepare?: 'ahead' | 'on-change';
  /**
   * Builds shared with the shop's other instances (STOREFRONT_BUILDS=shared, decision 102): one
   * instance builds and the others download its build. Without it, this instance builds its own.
   */
  artifacts?: BuildArtifactsPort | null;
};

export type RebuildService = {
  /** Builds now unless a build is under way here or in another process (then resolves null). */
  buildNow(): Promise<CurrentBuild | null>;
  start(): void;
  /** Looks at the data now instead of at the next poll: PostgreSQL notified a change. */
  wake(): void;
  /** Stops looking; a build under way is ended unfinished (its record says it failed). */
  stop(): Promise<void>;
};

/**
 * Keeps the static storefront in step with the data: any change bumps the content version,
 * and after `debounceMs` without further changes one build runs (never two at once, across
 * processes too). A finished build is swapped in whole; a failed one leaves the old serving.
 */
export function createRebuildService(options: RebuildOptions): RebuildService {
  const { root, dataDir, builds } = options;
  let running: Promise<CurrentBuild | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let woken = false;
  let servedBuildId = readCurrentBuild(dataDir)?.buildId ?? null;
  let lastAttempted = readCurrentBuild(dataDir)?.contentVersion ?? -1;
  let lastSeen = -1;
  let lastChangeAt = 0;
  /** The rebuild requests seen by the last build started here; a newer one skips the debounce. */
  let answeredRequests: number | null = null;
  /**
   * A build process started for the next build, with the code it bundles (decisions 074 and 105):
   * bundling, or waiting for the order to build.
   */
  let loaded: { builder: Builder; hash: string } | null = null;
  /**
   * Whether the build served here was made here. With shared builds the instance that made the
   * last one leads the next (decision 102); the others leave the next build's process unstarted.
   */
  let builtHere = !options.artifacts;
  /** The build process of the build under way, which `stop` ends. */
  let building: Builder | null = null;
  let stopped = false;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;

  const { artifacts = null } = options;
  const cache = cacheName(dataDir);
  const outputDirOf = (id: number) =>
    path.join(buildsFolder(dataDir), `build-${String(id).padStart(6, '0')}`);

  let started = 0;
  const startBuilder = (hash: string) => ({
    hash,
    builder: (options.startBuilder ?? startAstroBuilder)({
      root,
      dataDir,
      siteUrl: options.siteUrl,
      quiet: options.quiet ?? false,
      workDir: path.join(buildsFolder(dataDir), `${WORK_DIR_PREFIX}${process.pid}-${++started}`),
    }),
  });
  removeLeftoverWorkDirs(dataDir);

  /**
   * Starts the next build's process now (for the code `hash`, hashed here when not given), unless
   * one is started, a build runs, or this instance will not build.
   */
  function startNext(hash?: string) {
    if (stopped || !builtHere || loaded || building) return;
    linkNodeModules(root, dataDir);
    loaded = startBuilder(hash ?? codeHash(root));
  }

  /** After a build made here, with REBUILD_PREPARE=ahead: the next build's process at once. */
  function prepareNext(hash: string) {
    if (options.prepare === 'ahead') startNext(hash);
  }

  async function swapIfNew(current: CurrentBuild | null) {
    if (!current || current.buildId === servedBuildId) return;
    servedBuildId = current.buildId;
    await options.onSwap?.(current);
  }

  async function build(): Promise<CurrentBuild | null> {
    const contentVersion = await builds.contentVersion();
    // What the build is made from besides the data; read once, as it hashes every source file.
    const hash = codeHash(root);
    if (!artifacts) return buildWithAstro(contentVersion, hash, null);
    const shared = await leadOrDownload(artifacts, contentVersion, hash);
    if (!('release' in shared)) return shared.current;
    try {
      return await buildWithAstro(contentVersion, hash, artifacts);
    } finally {
      await shared.release();
    }
  }

  /**
   * With shared builds: downloads the newest build made from this code once it is at least
   * `wanted` (and newer than the one served), or takes the lead and builds; while another instance
   * leads, waits for its build. The instance that made the last build gets LEAD_GRACE_MS to lead
   * first. Never goes back to an older build.
   */
  async function leadOrDownload(
    shared: BuildArtifactsPort,
    wanted: number,
    hash: string,
  ): Promise<{ current: CurrentBuild | null } | { release: () => Promise<void> }> {
    const key = codeKey(root, hash);
    // What this instance serves, of this code: a build of other code (the one served before a
    // deploy) is older than any of this code.
    const servedNow = () => {
      const served = readCurrentBuild(dataDir);
      return served?.codeHash === hash ? served : null;
    };
    const storedAs = (served: CurrentBuild | null): ServedArtifact | null =>
      served?.artifactId === undefined ? null : { id: served.artifactId, dir: served.outputDir };
    const usable = (artifact: BuildArtifact | null, served: CurrentBuild | null): artifact is BuildArtifact =>
      artifact !== null &&
      artifact.contentVersion >= wanted &&
      artifact.contentVersion > (served?.contentVersion ?? -1);
    const waitingSince = Date.now();
    while (!stopped) {
      const served = servedNow();
      const newest = await shared.latest(key, storedAs(served)?.id ?? null);
      if (usable(newest, served)) return { current: await download(shared, newest, storedAs(served), hash) };
      const release = leaveToLastBuilder(newest, waitingSince) ? null : await shared.tryLead();
      if (release) {
        // One may have been stored between the look and the lead.
        const stored = await shared.latest(key, storedAs(served)?.id ?? null);
        if (!usable(stored, served)) return { release };
        await release();
        return { current: await download(shared, stored, storedAs(served), hash) };
      }
      // Often, whatever the service's own poll: nothing notifies of a stored build, and this
      // wait is part of every edit's way to live here. One index seek per look.
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, DEFAULT_POLL_MS)));
    }
    return { current: null };
  }

  /** Whether the instance whose cache made the last build may still take the lead first. */
  function leaveToLastBuilder(latest: BuildArtifact | null, waitingSince: number): boolean {
    return latest !== null && latest.builtBy !== cache && Date.now() - waitingSince < LEAD_GRACE_MS;
  }

  /** Installs another instance's build as this instance's next one. */
  async function download(
    shared: BuildArtifactsPort,
    artifact: BuildArtifact,
    served: ServedArtifact | null,
    hash: string,
  ): Promise<CurrentBuild | null> {
    const record = await builds.begin(process.pid, artifact.contentVersion);
    if (!record) return null;
    const outputDir = outputDirOf(record.id);
    linkNodeModules(root, dataDir);
    // Not counted as attempted until it is here: a download that failed is tried again at the
    // next look, as the leader's build it stands for did not fail.
    const started = performance.now();
    let downloaded: 'changes' | 'whole' | null = null;
    try {
      downloaded = await shared.download(artifact.id, outputDir, served);
    } catch (error) {
      await builds.finish(record.id, { ok: false, error: `download: ${(error as Error).message}` });
      return null;
    }
    if (!downloaded) {
      // A newer one replaced it meanwhile: the next look takes that.
      await builds.finish(record.id, { ok: false, error: DOWNLOAD_GONE });
      return null;
    }
    lastAttempted = Math.max(lastAttempted, artifact.contentVersion);
    // The instance that made it builds the next one: a process started here would wait for nothing.
    builtHere = false;
    void loaded?.builder.cancel();
    loaded = null;
    log.info('Took the storefront build another instance made', {
      contentVersion: artifact.contentVersion,
      // 'changes': only the files changed since the build served here; 'whole': all of it.
      download: downloaded,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    });
    return install(record.id, outputDir, artifact.contentVersion, hash, artifact.id);
  }

  /** Builds with Astro here; with `shareWith`, stores the build for the other instances too. */
  async function buildWithAstro(
    contentVersion: number,
    hash: string,
    shareWith: BuildArtifactsPort | null,
  ): Promise<CurrentBuild | null> {
    const record = await builds.begin(process.pid, contentVersion);
    if (!record) return null;
    lastAttempted = Math.max(lastAttempted, contentVersion);
    const outputDir = outputDirOf(record.id);
    linkNodeModules(root, dataDir);
    // Not one started for other code (the sources changed since), nor one whose process ended
    // while it waited (killed, out of memory): a new one bundles again.
    const ready = loaded?.hash === hash && !loaded.builder.ended() ? loaded : null;
    if (loaded && !ready) void loaded.builder.cancel();
    const { builder } = ready ?? startBuilder(hash);
    loaded = null;
    building = builder;
    let lastProgressAt = 0;
    const built = builder
      .build(outputDir, (line) => {
        if (Date.now() - lastProgressAt < 500) return;
        lastProgressAt = Date.now();
        void builds.progress(record.id, line).catch(() => undefined);
      })
      .finally(() => {
        building = null;
      });
    // Stopped while the build was being recorded: it ends at once, as one under way would.
    if (stopped) void builder.cancel();
    const outcome = await built;
    builtHere = true;
    if (!outcome.ok) {
      await builds.finish(record.id, { ok: false, error: outcome.error });
      fs.rmSync(outputDir, { recursive: true, force: true });
      prepareNext(hash);
      return null;
    }
    if (!shareWith) {
      const current = await install(record.id, outputDir, contentVersion, hash);
      prepareNext(hash);
      return current;
    }
    // Stored before it is served here: the other instances download it while this one swaps.
    const shareFailed = (error: unknown) => {
      log.error('The storefront build could not be shared; the other instances build their own', { error });
    };
    const sharing = performance.now();
    const stored = await shareWith
      .publish(codeKey(root, hash), contentVersion, outputDir, cache)
      .catch((error: unknown) => shareFailed(error));
    if (stored)
      log.info('Stored the storefront build for the other instances', {
        contentVersion,
        seconds: Number(((performance.now() - sharing) / 1000).toFixed(2)),
      });
    // The whole folder follows, for instances that serve an older build, while this one swaps and
    // holds the lead; a failure is handled from now, not once the swap is done.
    const whole = stored ? stored.whole.catch(shareFailed) : Promise.resolve();
    const current = await install(record.id, outputDir, contentVersion, hash, stored?.id);
    await whole;
    prepareNext(hash);
    return current;
  }

  /** Serves a finished build folder and records it as this instance's current build. */
  async function install(
    id: number,
    outputDir: string,
    contentVersion: number,
    hash: string,
    artifactId?: number,
  ): Promise<CurrentBuild> {
    const current: CurrentBuild = {
      buildId: id,
      outputDir,
      codeHash: hash,
      contentVersion,
      builtAt: new Date().toISOString(),
      ...(artifactId === undefined ? {} : { artifactId }),
    };
    writeCurrentBuild(dataDir, current);
    // Serve it before recording success, so "up to date" is never reported ahead of the pages.
    await swapIfNew(current);
    await builds.finish(id, { ok: true, outputDir });
    pruneBuilds(dataDir);
    return current;
  }

  /**
   * At the service's start, the next build's process, where this instance builds next: with shared
   * builds, when the newest stored build of this code is its own.
   */
  async function prepareAtStart() {
    const hash = codeHash(root);
    if (artifacts && !builtHere) {
      const newest = await artifacts.latest(codeKey(root, hash), null).catch(() => null);
      builtHere = newest?.builtBy === cache;
    }
    prepareNext(hash);
  }

  function buildNow(): Promise<CurrentBuild | null> {
    running ??= build().finally(() => {
      running = null;
    });
    return running;
  }

  /** One look at the data; resolves with how long to wait before the next look. */
  async function tick(): Promise<number> {
    // Those asked for before this process started are built by then, or with the first change.
    answeredRequests ??= await builds.rebuildRequests();
    await swapIfNew(readCurrentBuild(dataDir));
    const version = await builds.contentVersion();
    if (version !== lastSeen) {
      lastSeen = version;
      lastChangeAt = Date.now();
    }
    if (running || version <= lastAttempted) return pollMs;
    // Unless one was started ahead, the build process loads Astro and bundles the code while the
    // change's debounce runs, and the server starts the workers that will serve the build: that
    // much is then no part of the edit's way to live. The build process is not started where
    // another instance made the last build (it leads the next), nor once stopped: a look under way
    // when `stop` came must not leave a process behind.
    if (timer) {
      startNext();
      options.onChange?.();
    }
    // A change waits out its debounce, and not a moment more: an edit's way to live is this wait
    // plus the build. A rebuild asked for since the last (the dashboard's "rebuild now") is due
    // at once.
    const quietFor = Date.now() - lastChangeAt;
    const requests = await builds.rebuildRequests();
    if (quietFor < options.debounceMs && requests <= answeredRequests)
      return Math.min(pollMs, options.debounceMs - quietFor);
    answeredRequests = requests;
    // Changes made during a build are due as soon as it ends; when another process holds the
    // build, look again later.
    return (await buildNow()) ? 0 : pollMs;
  }

  const loop = (delayMs: number) => {
    timer = setTimeout(() => {
      ticking = true;
      tick()
        .catch((error: unknown) => {
          log.error('Rebuild service failed', { error });
          return pollMs;
        })
        .then((next) => {
          ticking = false;
          const delay = woken ? 0 : next;
          woken = false;
          if (timer) loop(delay);
        });
    }, delayMs);
  };

  return {
    buildNow,
    start() {
      loop(pollMs);
      if (options.prepare === 'ahead') void prepareAtStart();
    },
    wake() {
      if (!timer) return; // Not started, or stopped.
      if (ticking) {
        woken = true; // The look under way may have read the data before the change.
        return;
      }
      clearTimeout(timer);
      loop(0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      stopped = true;
      // A build under way is ended, not waited for: the next start builds again, and a stop must be
      // quick (an orchestrator sends SIGKILL after its grace, 30 s on Kubernetes). Its record says
      // it failed, and the build served stays.
      await building?.cancel();
      await running;
      await loaded?.builder.cancel();
      loaded = null;
    },
  };
}

/** The folders build processes build into before a finished build moves to its own (`build-…`). */
const WORK_DIR_PREFIX = 'next-';

/**
 * Removes the work folders of build processes whose service has ended (a crash, a SIGKILL): each
 * is named by its service's process id, and `npm run rebuild` may run beside a live one.
 */
function removeLeftoverWorkDirs(dataDir: string): void {
  const folder = buildsFolder(dataDir);
  if (!fs.existsSync(folder)) return;
  for (const name of fs.readdirSync(folder)) {
    const pid = Number(new RegExp(`^${WORK_DIR_PREFIX}(\\d+)-`).exec(name)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid))
      fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/** A download's record when a newer shared build had replaced the one it was after. */
const DOWNLOAD_GONE = 'Η κοινή δημιουργία αντικαταστάθηκε από νεότερη πριν ληφθεί· θα ληφθεί η νεότερη.';

/**
 * What a shared build is made from besides the data: the code, and where it is installed (a
 * build's server chunks import the compiled server code and packages by absolute path). Only an
 * instance with the same key may serve it.
 */
function codeKey(root: string, hash: string): string {
  return `${hash}:${path.resolve(root)}`;
}

/**
 * The name of an instance's incremental build cache, which lives in its data folder: the host and
 * the folder. It outlives a restart, as the cache does.
 */
export function cacheName(dataDir: string): string {
  return `${os.hostname()}:${path.resolve(dataDir)}`;
}

/**
 * Built server chunks import packages by name, and Node looks for them in the folders above the
 * chunk. A data folder outside the project gets a link to the project's node_modules for that.
 */
function linkNodeModules(root: string, dataDir: string): void {
  const link = path.join(buildsFolder(dataDir), 'node_modules');
  fs.mkdirSync(buildsFolder(dataDir), { recursive: true });
  const target = path.join(root, 'node_modules');
  let existing: string | null = null;
  try {
    existing = fs.readlinkSync(link);
  } catch {
    // No link yet.
  }
  if (existing === target) return;
  fs.rmSync(link, { force: true, recursive: true });
  fs.symlinkSync(target, link, 'dir');
}
