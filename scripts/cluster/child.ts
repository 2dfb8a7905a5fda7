import { spawn } from 'node:child_process';
import fs from 'node:fs';

const TAIL_BYTES = 8 * 1024;
const SETPRIV = '/usr/bin/setpriv';

/** A long-running program of the cluster (a shop instance, the S3 server, nginx). */
export type ClusterChild = {
  pid: number;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  running(): boolean;
  /** Sends `signal` to the process, or with `group` to every process of its group (its children too). */
  signal(signal: NodeJS.Signals, group?: boolean): void;
  /** SIGTERM, then SIGKILL to its whole group if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * Starts `command` with its output appended to `logFile`, not piped: a shop under load logs a
 * line per request, which would otherwise cost this process's event loop (the load generator's,
 * in a test). It runs in a process group of its own, so a terminal's Ctrl-C reaches only the
 * caller, which stops everything in order; on Linux setpriv has the kernel send it SIGTERM when
 * the caller dies, even by SIGKILL, so nothing outlives it.
 */
export function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): ClusterChild {
  const log = fs.openSync(options.logFile, 'a');
  const withDeathSignal = fs.existsSync(SETPRIV);
  const child = spawn(
    withDeathSignal ? SETPRIV : command,
    withDeathSignal ? ['--pdeathsig=TERM', '--', command, ...args] : args,
    { cwd: options.cwd, env: options.env, stdio: ['ignore', log, log], detached: true },
  );
  fs.closeSync(log);
  const stopWithUs = () => child.kill('SIGTERM');
  process.once('exit', stopWithUs);
  const exited = new Promise<number | string>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  }).finally(() => process.off('exit', stopWithUs));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals, group = false) => {
    const pid = child.pid;
    if (pid === undefined) return;
    try {
      // setpriv runs the command in its own place (exec), so the pid and the group are the command's.
      process.kill(group ? -pid : pid, name);
    } catch {
      // Already gone.
    }
  };
  return {
    pid: child.pid ?? -1,
    exited,
    running,
    signal,
    async stop(graceMs = 15_000) {
      if (running()) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL', true), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // What it started and left behind (a build it was running) goes with it.
      signal('SIGKILL', true);
    },
  };
}

/** The last lines of a log file, indented, for an error message. */
export function logTail(logFile: string, lines = 30): string {
  let text = '';
  try {
    const size = fs.statSync(logFile).size;
    const fd = fs.openSync(logFile, 'r');
    const buffer = Buffer.alloc(Math.min(size, TAIL_BYTES));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    fs.closeSync(fd);
    text = buffer.toString('utf8');
  } catch {
    // No log yet.
  }
  const last = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-lines);
  const shown = (last.length > 0 ? last : ['(nothing)']).map((line) => `  | ${line}`);
  return `Last lines of ${logFile}:\n${shown.join('\n')}`;
}
