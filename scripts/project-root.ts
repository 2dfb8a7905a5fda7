import fs from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `from` that holds package.json: the project, wherever a script runs from. */
export function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
