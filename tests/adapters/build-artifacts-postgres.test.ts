import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresBuildArtifacts } from '../../src/adapters/build-artifacts-postgres/index.ts';
import type { PostgresEngine } from '../../src/adapters/postgres/database.ts';
import { postgresTestDatabase, type TestDatabase } from '../helpers/databases.ts';

let database: TestDatabase<PostgresEngine>;
let dir: string;

beforeEach(async () => {
  database = await postgresTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardshop-artifacts-'));
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A small build folder: a page in a nested folder, a Greek file name, the server entry. */
function buildFolder(name: string, page: string): string {
  const folder = path.join(dir, name);
  fs.mkdirSync(path.join(folder, 'client', 'player', 'Γιάννης'), { recursive: true });
  fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'client', 'player', 'Γιάννης', 'index.html'), page);
  fs.writeFileSync(path.join(folder, 'server', 'entry.mjs'), 'export const app = 1;\n');
  return folder;
}

/** Every file under `folder`, by relative path, with its text. */
function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, full)] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

describe('shared storefront builds on PostgreSQL', () => {
  it('stores a build folder and gives the same files back, under its code key only', async () => {
    const artifacts = createPostgresBuildArtifacts(database.store);
    expect(await artifacts.latest('code-a')).toBeNull();
    const built = buildFolder('built', '<h1>Γιάννης</h1>'.repeat(1000));
    await artifacts.publish('code-a', 5, built, 'host-a:/srv/shop/data');

    const latest = await artifacts.latest('code-a');
    expect(latest).toEqual({ id: expect.any(Number), contentVersion: 5, builtBy: 'host-a:/srv/shop/data' });
    expect(await artifacts.latest('code-b')).toBeNull();
    const target = path.join(dir, 'instances', 'b', 'build-000001');
    expect(await artifacts.download(latest?.id ?? -1, target)).toBe(true);
    expect(filesOf(target)).toEqual(filesOf(built));
    // Nothing half-made is left beside it, and an existing folder is never written into.
    expect(fs.readdirSync(path.dirname(target))).toEqual(['build-000001']);
    await expect(artifacts.download(latest?.id ?? -1, target)).rejects.toThrow(/exists already/);
  });

  it('keeps the two newest builds of a code key and lets older ones and other keys go', async () => {
    const artifacts = createPostgresBuildArtifacts(database.store);
    await artifacts.publish('old-code', 1, buildFolder('old', 'old'), 'host-a:/data');
    const first = buildFolder('first', 'v1');
    await artifacts.publish('code', 1, first, 'host-a:/data');
    const firstId = (await artifacts.latest('code'))?.id ?? -1;
    await artifacts.publish('code', 2, buildFolder('second', 'v2'), 'host-a:/data');
    await artifacts.publish('code', 3, buildFolder('third', 'v3'), 'host-a:/data');
    expect(await artifacts.latest('code')).toMatchObject({ contentVersion: 3 });
    expect(await artifacts.latest('old-code')).toBeNull();
    const { rows } = await database.store.pool.query<{ content_version: number }>(
      'SELECT content_version FROM storefront_build_artifacts ORDER BY id',
    );
    expect(rows.map((row) => Number(row.content_version))).toEqual([2, 3]);
    // One gone answers false, and leaves no folder.
    expect(await artifacts.download(firstId, path.join(dir, 'gone'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'gone'))).toBe(false);
  });

  it('gives the lead to one instance at a time, and to another once it is let go', async () => {
    const one = createPostgresBuildArtifacts(database.store);
    const other = createPostgresBuildArtifacts(await database.another());
    const release = await one.tryLead();
    expect(release).not.toBeNull();
    expect(await other.tryLead()).toBeNull();
    expect(await one.tryLead()).toBeNull();
    await release?.();
    const next = await other.tryLead();
    expect(next).not.toBeNull();
    await next?.();
  });
});
