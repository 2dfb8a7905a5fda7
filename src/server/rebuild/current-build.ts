import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What is being served: written atomically (temp file + rename), so a reader never sees half of it. */
export const currentBuildSchema = z.object({
  buildId: z.number().int(),
  outputDir: z.string(),
  codeHash: z.string(),
  contentVersion: z.number().int(),
  builtAt: z.string(),
  /** With shared builds: the stored build this folder holds (decision 102). */
  artifactId: z.number().int().optional(),
});
export type CurrentBuild = z.infer<typeof currentBuildSchema>;

export const buildsFolder = (dataDir: string) => path.join(dataDir, 'builds');
const pointerFile = (dataDir: string) => path.join(buildsFolder(dataDir), 'current.json');

export function readCurrentBuild(dataDir: string): CurrentBuild | null {
  try {
    const current = currentBuildSchema.parse(JSON.parse(fs.readFileSync(pointerFile(dataDir), 'utf8')));
    return fs.existsSync(path.join(current.outputDir, 'server', 'entry.mjs')) ? current : null;
  } catch {
    return null;
  }
}

export function writeCurrentBuild(dataDir: string, current: CurrentBuild): void {
  const file = pointerFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(current, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

/** Removes old build folders, keeping the current one and the `keep` newest others. */
export function pruneBuilds(dataDir: string, keep = 2): void {
  const current = readCurrentBuild(dataDir);
  const folder = buildsFolder(dataDir);
  const builds = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('build-'))
    .map((entry) => path.join(folder, entry.name))
    .filter((dir) => dir !== current?.outputDir)
    .sort()
    .reverse();
  for (const dir of builds.slice(keep)) fs.rmSync(dir, { recursive: true, force: true });
}
