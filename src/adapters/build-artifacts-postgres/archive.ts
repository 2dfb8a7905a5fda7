import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A build folder as one gzipped tar, in memory, made by the system's `tar` and `gzip` (Debian's
 * essential packages): a build is some thousand files, which the JavaScript `tar` package and
 * zlib took several times as long to pack here. gzip's fastest level compresses the pages about
 * tenfold; the point is the time to the other instances.
 */
export async function packFolder(dir: string): Promise<Buffer> {
  return run('tar -C "$1" -cf - . | gzip -1', dir, null);
}

/**
 * Unpacks `archive` into `dir`: into a folder beside it first, renamed once whole, so a reader
 * never sees half a build and a failure leaves nothing behind.
 */
export async function unpackInto(archive: Buffer, dir: string): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    await run('gzip -dc | tar -C "$1" -xf -', partial, archive);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.renameSync(partial, dir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs the pipeline `script` in `sh` with `folder` as $1 (never part of the script's text) and
 * `input` on its stdin; resolves with its stdout, or rejects with its own words when any part of
 * it fails (pipefail: a failed `tar` before a working `gzip` is a failure too).
 */
function run(script: string, folder: string, input: Buffer | null): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', script, 'archive', folder], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`${script} failed: ${errors.trim() || `exit ${code}`}`)),
    );
    child.stdin?.on('error', () => undefined); // The failure shows in its exit code and stderr.
    child.stdin?.end(input);
  });
}
