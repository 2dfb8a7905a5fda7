import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** A hash of everything a build is made from besides the data, so `npm start` knows when code changed. */
export function codeHash(root: string): string {
  const hash = createHash('sha256');
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(relative, name));
      return;
    }
    hash.update(relative).update('\0').update(fs.readFileSync(full)).update('\0');
  };
  for (const input of INPUTS) visit(input);
  return hash.digest('hex').slice(0, 16);
}
