/**
 * A throwaway PostgreSQL server on a temp folder, for the tests (tests/setup/postgres.ts) and by
 * hand: `npm run postgres [-- port]` prints its URL and runs until Ctrl-C, which deletes it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../tests/helpers/free-port.ts';

const OLDEST_VERSION = 14;
const DEBIAN_FOLDER = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'postgres'];
const START_TIMEOUT_MS = 30_000;

/** Only for tests: nothing in it needs to survive a crash, so nothing is flushed to disk. */
const SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  listen_addresses: '127.0.0.1',
  // Every test worker holds a few connections at once.
  max_connections: '300',
  shared_buffers: '128MB',
};

export type PostgresServer = {
  url: string;
  /** Ends the server and deletes its data. */
  stop(): Promise<void>;
  /** Stops the server but keeps its data, as a database that goes away (tests of an outage). */
  halt(): Promise<void>;
  /** Starts a halted server again on its port and data. */
  resume(): Promise<void>;
};
type User = { uid: number; gid: number };

const hasTools = (bin: string) => TOOLS.every((tool) => fs.existsSync(path.join(bin, tool)));

/** POSTGRES_BIN, or the bin folder of the newest Debian PostgreSQL that is new enough. */
function findPostgres(): string | null {
  const named = process.env.POSTGRES_BIN;
  if (named) return hasTools(named) ? named : null;
  const versions = fs.existsSync(DEBIAN_FOLDER) ? fs.readdirSync(DEBIAN_FOLDER).map(Number) : [];
  return (
    versions
      .filter((version) => version >= OLDEST_VERSION)
      .sort((a, b) => b - a)
      .map((version) => path.join(DEBIAN_FOLDER, String(version), 'bin'))
      .find(hasTools) ?? null
  );
}

/**
 * The bin folder of PostgreSQL (initdb, pg_ctl, postgres). When it is missing it is installed from
 * Debian if this runs as root; otherwise the process stops at once with the command to run.
 * `purpose` says what needs it.
 */
export function ensurePostgres(purpose: string): string {
  const found = findPostgres();
  if (found) return found;
  if (process.env.POSTGRES_BIN) {
    console.error(`POSTGRES_BIN=${process.env.POSTGRES_BIN} has no ${TOOLS.join(', ')} (for ${purpose}).`);
    process.exit(1);
  }
  const install = 'apt-get update && apt-get install -y postgresql';
  if (process.getuid?.() !== 0) {
    console.error(
      `PostgreSQL ${OLDEST_VERSION} or newer is missing for ${purpose}. Install it with:\n  sudo sh -c '${install}'`,
    );
    process.exit(1);
  }
  console.info(`PostgreSQL is missing for ${purpose}: installing it from Debian…`);
  // Without a terminal, a package's question (tzdata's time zone) would wait forever.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const status = spawnSync('sh', ['-c', install], { stdio: 'inherit', env }).status;
  const bin = status === 0 ? findPostgres() : null;
  if (!bin) {
    console.error(`Could not install PostgreSQL. Run: ${install}`);
    process.exit(1);
  }
  return bin;
}

function findUser(name: string): User | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** PostgreSQL refuses to run as root: then it runs as Debian's `postgres` user, or one of our own. */
function serverUser(): User {
  const user = findUser('postgres') ?? findUser('cardshop-pg');
  if (user) return user;
  spawnSync('useradd', ['--system', '--no-create-home', 'cardshop-pg'], { stdio: 'ignore' });
  const made = findUser('cardshop-pg') ?? findUser('nobody');
  if (!made) throw new Error('No user to run PostgreSQL as: root is refused, and useradd failed.');
  return made;
}

/**
 * A command as the server's user. On Linux setpriv also makes the kernel send SIGQUIT (PostgreSQL's
 * immediate shutdown) when this process dies, even by SIGKILL, so no server outlives it.
 */
function asServer(user: User | null, command: string, args: string[]): [string, string[]] {
  if (process.platform !== 'linux') return [command, args];
  const drop = user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : [];
  return ['setpriv', [...drop, '--pdeathsig=QUIT', '--', command, ...args]];
}

/** Polls with a real client: the server takes connections once it has run its start-up recovery. */
async function waitUntilReady(url: string, server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`PostgreSQL stopped while starting:\n${fs.readFileSync(log, 'utf8')}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not take connections in ${START_TIMEOUT_MS / 1000} s: ${error}`);
    }
    await sleep(50);
  }
}

/**
 * A new cluster on a temp folder, with one superuser `cardshop` and no passwords, on 127.0.0.1 and
 * a free port unless `port` is given. `stop()` ends it and deletes the folder; so does this
 * process's exit, Ctrl-C or SIGTERM.
 */
export async function startPostgres(options: { port?: number } = {}): Promise<PostgresServer> {
  const bin = ensurePostgres('a PostgreSQL server');
  const user = process.getuid?.() === 0 ? serverUser() : null;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-pg-'));
  if (user) fs.chownSync(folder, user.uid, user.gid);
  const data = path.join(folder, 'data');
  const log = path.join(folder, 'server.log');
  const command = (tool: string, args: string[]) => asServer(user, path.join(bin, tool), args);

  // C.UTF-8: byte order, as in C, but upper(), lower() and ILIKE know every letter, Greek included.
  const [initdb, initdbArgs] = command('initdb', [
    '-D',
    data,
    '-U',
    'cardshop',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  // In the temp folder: the server's user may not be allowed into this process's.
  const made = spawnSync(initdb, initdbArgs, { cwd: folder, encoding: 'utf8' });
  if (made.status !== 0) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${made.stdout}${made.stderr}`);
  }

  const port = options.port ?? (await freePort());
  const settings = { ...SETTINGS, port: String(port), unix_socket_directories: folder };
  const [postgres, postgresArgs] = command('postgres', [
    '-D',
    data,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const launch = () => {
    const logFile = fs.openSync(log, 'a');
    const child = spawn(postgres, postgresArgs, { cwd: folder, stdio: ['ignore', logFile, logFile] });
    fs.closeSync(logFile);
    return { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
  };
  let { child: server, exited } = launch();

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Synchronous, for the exit event; "immediate" skips the checkpoint of data about to be deleted.
    const [pgCtl, pgCtlArgs] = command('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']);
    if (server.exitCode === null && server.signalCode === null)
      spawnSync(pgCtl, pgCtlArgs, { cwd: folder, stdio: 'ignore' });
    // A server that has not stopped yet may still write there: a temp folder left behind must not
    // fail the tests that used it, nor an exit.
    try {
      fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.warn(`Could not delete the PostgreSQL folder ${folder}: ${(error as Error).message}`);
    }
  };
  // A listener of its own replaces Node's default for the signal: when no other is left, the
  // signal is raised again so that the process still ends as it would have.
  const onSignal = (signal: NodeJS.Signals) => {
    stopNow();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('exit', stopNow);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const url = `postgres://cardshop@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(url, server, log);
  } catch (error) {
    stopNow();
    throw error;
  }
  const [pgCtl, stopFast] = command('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-s']);
  return {
    url,
    async stop() {
      stopNow();
      await exited;
    },
    async halt() {
      spawnSync(pgCtl, stopFast, { cwd: folder, stdio: 'ignore' });
      await exited;
    },
    async resume() {
      ({ child: server, exited } = launch());
      await waitUntilReady(url, server, log);
    },
  };
}

if (import.meta.main) {
  const port = process.argv[2];
  const { url } = await startPostgres(port ? { port: Number(port) } : {});
  console.info(`PostgreSQL is running at ${url}\nCtrl-C stops it and deletes its data.`);
}
