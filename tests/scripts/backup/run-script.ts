import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs one of the npm scripts the way `npm run` does (Node 24, the project's folder), with `env` added. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The one backup archive a folder holds. */
export function archiveIn(dir: string): string {
  const [name] = fs.readdirSync(dir).filter((file) => file.endsWith('.tar.gz'));
  if (!name) throw new Error(`no archive in ${dir}`);
  return path.join(dir, name);
}
