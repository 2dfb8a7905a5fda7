/**
 * Several instances of the shop on one machine, as in production behind a load balancer (issue
 * 32, decision 096): one PostgreSQL, one S3-compatible store, N instances each with a data folder
 * of its own, and nginx in front. `npm run start:cluster` runs it as a demo; the cluster test
 * runs it to kill and restart instances under load.
 *
 * Everything lives in one temp folder (`folder`): shop-N/ (each instance's DATA_DIR), shop-N.log
 * (its JSON log), s3/ and s3.log, nginx.log. stop() deletes it, and nginx's own prefix folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePassword } from '../../src/adapters/auth-local/passwords.ts';
import { freePort } from '../../tests/helpers/free-port.ts';
import { ensureNginx } from '../nginx.ts';
import { ensurePostgres, startPostgres } from '../postgres.ts';
import { type Instance, launchInstance } from './instance.ts';
import { checkPortFree, startLoadBalancer } from './load-balancer.ts';
import { type ClusterS3, startClusterS3 } from './s3.ts';

export type { Instance } from './instance.ts';

export type ClusterOptions = {
  /** How many instances: shop-1 … shop-N. 3 unless told. */
  instances?: number;
  /** nginx's port on 127.0.0.1; a free one unless told. */
  port?: number;
  /** No progress lines on stdout. */
  quiet?: boolean;
  /**
   * More settings for every instance (REBUILD_DEBOUNCE_MS, SMTP_*, …); they win over the
   * cluster's own but for DATA_DIR, PORT and INSTANCE_ID. ADMIN_EMAIL / ADMIN_PASSWORD choose
   * the admin (else admin@example.com and a generated password).
   */
  env?: Record<string, string>;
  /** An empty database to run on instead of a PostgreSQL server of the cluster's own; stop() leaves it. */
  databaseUrl?: string;
  /** How long shop-1's first start (migrate, seed, build), then the others', may take; 10 min unless told. */
  timeoutMs?: number;
};

export type Cluster = {
  /** nginx's address, http://127.0.0.1:<port>: every instance's SITE_URL. */
  url: string;
  /** shop-1 … shop-N, in order. */
  instances: Instance[];
  /** The shared PostgreSQL database (DATABASE_URL). */
  databaseUrl: string;
  /** The shared S3-compatible store, its bucket and the settings each instance runs with. */
  s3: Omit<ClusterS3, 'stop'>;
  /** The admin account every instance signs in (POST /api/session { email, password }). */
  admin: { email: string; password: string };
  /** The temp folder that holds everything (data folders, logs, nginx.conf). */
  folder: string;
  /** Seconds each step of the start took. */
  timings: {
    postgres: number;
    s3: number;
    firstInstance: number;
    otherInstances: number;
    nginx: number;
    total: number;
  };
  /**
   * Stops nginx, the instances, the S3 server and PostgreSQL, in that order, and deletes `folder`;
   * a second call does nothing.
   */
  stop(): Promise<void>;
};

/**
 * Starts PostgreSQL (unless `databaseUrl`), the S3 server and its bucket, then shop-1, which
 * migrates, seeds the demo shop, creates the admin and builds its storefront, then the other
 * instances together (which download shop-1's storefront build), then nginx in front of them. Resolves when
 * every instance's /api/health says `ok` with its build current and nginx answers. Each instance
 * runs `npm start` (scripts/serve.mjs) with TRUST_PROXY=1, SITE_URL = nginx's address, WEB_WORKERS=1.
 * What PostgreSQL and nginx need from Debian is installed when run as root; otherwise this stops
 * with the command to run (PostgreSQL: the process exits; nginx: it rejects).
 * If a step fails, what started is stopped and the folder deleted before it rejects.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`A cluster needs 1 or more instances, not ${count}.`);
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const say = (line: string) => {
    if (!options.quiet) console.info(line);
  };
  // Before anything starts, so that what is missing stops it at once.
  const missingNginx = ensureNginx('the cluster');
  if (missingNginx) throw new Error(missingNginx);
  if (!options.databaseUrl) ensurePostgres('the cluster');
  if (options.port) await checkPortFree(options.port);

  const started = performance.now();
  let lap = started;
  const seconds = () => {
    const now = performance.now();
    const taken = Number(((now - lap) / 1000).toFixed(1));
    lap = now;
    return taken;
  };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-cluster-'));
  // A process that exits without stop() (Ctrl-C while starting) still deletes the folder; its
  // programs end with it (child.ts).
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  process.once('exit', removeFolder);
  // Stopped in the reverse order of their start: nginx, the instances, S3, PostgreSQL.
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
    process.off('exit', removeFolder);
    removeFolder();
  };

  try {
    const postgres = options.databaseUrl ? null : await startPostgres();
    if (postgres) stops.push(() => postgres.stop());
    const databaseUrl = options.databaseUrl ?? postgres?.url ?? '';
    const postgresSeconds = seconds();
    say(`PostgreSQL    ${databaseUrl}${postgres ? ` (${postgresSeconds} s)` : ''}`);

    const { stop: stopS3, ...s3 } = await startClusterS3(folder);
    stops.push(stopS3);
    const s3Seconds = seconds();
    say(`S3 store      ${s3.endpoint}, bucket ${s3.bucket} (${s3Seconds} s)`);

    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const admin = {
      email: options.env?.ADMIN_EMAIL || 'admin@example.com',
      password: options.env?.ADMIN_PASSWORD || generatePassword(),
    };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // As `npm start` runs, also under a test runner (vitest sets NODE_ENV=test, which would give
      // the instances and their builds React's development build).
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...s3.env,
      TRUST_PROXY: '1',
      SITE_URL: url,
      WEB_WORKERS: '1',
      // One instance builds the storefront for all, the others download it (decision 102).
      STOREFRONT_BUILDS: 'shared',
      ...options.env,
      ADMIN_EMAIL: admin.email,
      // Given to shop-1's first start only: a start with a password sets it again and ends every
      // admin session, so a restarted instance would sign everyone out.
      ADMIN_PASSWORD: '',
    };
    const instances: Instance[] = [];
    const launch = async (index: number) => {
      const id = `shop-${index + 1}`;
      const dataDir = path.join(folder, id);
      fs.mkdirSync(dataDir);
      const settings = { id, port: await freePort(), dataDir, logFile: path.join(folder, `${id}.log`), env };
      const instance = launchInstance(settings, index === 0 ? { ADMIN_PASSWORD: admin.password } : {});
      instances.push(instance);
      return instance;
    };
    // One stop for all of them, so they stop together.
    stops.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });

    // shop-1 alone first: it seeds the empty database, and two cores are enough for one build at a time.
    const first = await launch(0);
    say(`${first.id}        ${first.url}: migrating, seeding the demo shop, building its storefront…`);
    await first.ready({ buildCurrent: true, timeoutMs });
    const firstSeconds = seconds();
    say(`${first.id}        open (${firstSeconds} s)`);
    const others = await Promise.all(Array.from({ length: count - 1 }, (_, index) => launch(index + 1)));
    const names = others.map((other) => other.id).join(', ');
    if (others.length > 0) say(`${names}: taking ${first.id}'s storefront build…`);
    await Promise.all(others.map((other) => other.ready({ buildCurrent: true, timeoutMs })));
    const othersSeconds = seconds();
    if (others.length > 0) say(`${names}: open (${othersSeconds} s)`);

    const balancer = await startLoadBalancer(
      folder,
      port,
      instances.map((instance) => new URL(instance.url).host),
    );
    stops.push(balancer.stop);
    const nginxSeconds = seconds();
    const total = Number(((performance.now() - started) / 1000).toFixed(1));
    return {
      url,
      instances,
      databaseUrl,
      s3,
      admin,
      folder,
      timings: {
        postgres: postgresSeconds,
        s3: s3Seconds,
        firstInstance: firstSeconds,
        otherInstances: othersSeconds,
        nginx: nginxSeconds,
        total,
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
