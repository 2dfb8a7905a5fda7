import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const TAIL_LINES = 30;
const TAIL_BYTES = 16 * 1024;

/** A node script running as a child process, with the last lines of its output kept for errors. */
export type Child = {
  name: string;
  process: ChildProcess;
  /** The last lines of its output (stdout and stderr as they came). */
  readonly tail: string[];
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  done: boolean;
};

export function spawnScript(
  root: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  /** Node's own flags for this process only (NODE_OPTIONS would reach its children too). */
  nodeFlags: readonly string[] = [],
): Child {
  return spawnProcess(script, process.execPath, [...nodeFlags, path.join(root, script), ...args], root, env);
}

/** Any program as a child process, with the same output tail and exit handling. */
export function spawnProcess(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Child {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last bytes as they came, split into lines only when shown: under load the shop logs a
  // line per request, tens of thousands a second, and splitting each here took CPU from the load
  // generator, which runs in this process.
  let recent = '';
  const keep = (text: string) => {
    recent = (recent + text).slice(-TAIL_BYTES);
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', keep);
  }
  const handle: Child = {
    name,
    process: child,
    get tail() {
      return recent
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-TAIL_LINES);
    },
    done: false,
    exited: Promise.resolve(0),
  };
  // A bench that dies of an error nobody caught must not leave the shop it started running.
  const stopWithUs = () => child.kill();
  process.once('exit', stopWithUs);
  handle.exited = new Promise((resolve) => {
    child.once('close', () => process.off('exit', stopWithUs));
    child.on('error', (error) => {
      keep(`\nspawn error: ${error.message}\n`);
      handle.done = true;
      resolve(-1);
    });
    child.on('close', (code, signal) => {
      handle.done = true;
      resolve(code ?? signal ?? -1);
    });
  });
  return handle;
}

/** Runs a script to its end; rejects with its last output unless it exits with 0. Resolves with seconds. */
export async function runScript(
  root: string,
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<number> {
  const started = performance.now();
  const child = spawnScript(root, script, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited with ${code}.\n${formatTail(child)}`);
  return (performance.now() - started) / 1000;
}

export function formatTail(child: Child): string {
  const lines = child.tail.length > 0 ? child.tail : ['(no output)'];
  return `Last output of ${child.name}:\n${lines.map((line) => `  | ${line}`).join('\n')}`;
}

/** SIGTERM, then SIGKILL if the process has not ended within `graceMs`. */
export async function stopChild(child: Child, graceMs = 30_000): Promise<number | string> {
  if (child.done) return child.exited;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  const code = await child.exited;
  clearTimeout(timer);
  return code;
}
