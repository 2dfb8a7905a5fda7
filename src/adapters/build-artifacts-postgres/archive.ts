import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A build folder's files: each relative path with a hash of its bytes. */
export type FileHashes = Record<string, string>;

/**
 * A build folder as one gzipped tar, in memory, made by the system's `tar` and `gzip` (Debian's
 * essential packages): a build is some thousand files, which the JavaScript `tar` package and
 * zlib took several times as long to pack here. gzip's fastest level compresses the pages about
 * tenfold. At the lowest CPU priority (nice 19): the whole folder is packed after the changes are
 * stored, while the other instances unpack them and swap, and must not slow them down.
 */
export async function packFolder(dir: string): Promise<Buffer> {
  return run('nice -n 19 tar -C "$1" -cf - . | nice -n 19 gzip -1', dir, null);
}

/**
 * Only `files` (relative paths) of the folder `dir`, as `packFolder` packs the whole, but at the
 * usual priority: the other instances wait for it.
 */
export async function packFiles(dir: string, files: readonly string[]): Promise<Buffer> {
  return run(
    'tar -C "$1" --null -T - -cf - | gzip -1',
    dir,
    Buffer.from(files.map((file) => `${file}\0`).join('')),
  );
}

/** Every file under `dir` with a hash of its bytes, read a few at a time. */
export async function hashFiles(dir: string): Promise<FileHashes> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  const hashes: FileHashes = {};
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const bytes = await fs.promises.readFile(path.join(dir, file));
      hashes[file] = createHash('sha1').update(bytes).digest('base64url');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return hashes;
}

/** The files of `next` that `base` lacks or holds with other bytes. */
export function changedFiles(base: FileHashes, next: FileHashes): string[] {
  return Object.keys(next).filter((file) => base[file] !== next[file]);
}

/**
 * Unpacks `archive` into `dir`: into a folder beside it first, renamed once whole, so a reader
 * never sees half a build and a failure leaves nothing behind.
 */
export async function unpackInto(archive: Buffer, dir: string): Promise<void> {
  await intoPartial(dir, async (partial) => {
    fs.mkdirSync(partial, { recursive: true });
    await run('gzip -dc | tar -C "$1" -xf -', partial, archive);
  });
}

/**
 * Makes `dir` from the build folder `base` and the archive of the files that changed since
 * (`packFiles`): `base`'s files are linked, not copied (a build is tens of megabytes), those not in
 * `files` are left out, and each changed file is unlinked before it is written (tar's
 * --unlink-first), so `base`, still being served, never changes.
 */
export async function unpackOnto(
  base: string,
  changes: Buffer,
  files: FileHashes,
  dir: string,
): Promise<void> {
  await intoPartial(dir, async (partial) => {
    await run('cp -al -- "$1" "$2"', base, null, [partial]);
    for (const entry of fs.readdirSync(partial, { recursive: true, withFileTypes: true })) {
      const full = path.join(entry.parentPath, entry.name);
      if (!entry.isDirectory() && !(path.relative(partial, full) in files)) fs.rmSync(full);
    }
    await run('gzip -dc | tar -C "$1" --unlink-first -xf -', partial, changes);
  });
}

/** Makes `dir` through a folder beside it, renamed once `make` has filled it; removed on failure. */
async function intoPartial(dir: string, make: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    await make(partial);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.renameSync(partial, dir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs the pipeline `script` in `bash` with `folder` as $1 and `more` as $2… (never part of the
 * script's text) and `input` on its stdin; resolves with its stdout, or rejects with its own words
 * when any part of it fails (pipefail: a failed `tar` before a working `gzip` is a failure too).
 */
function run(script: string, folder: string, input: Buffer | null, more: string[] = []): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', script, 'archive', folder, ...more], {
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
