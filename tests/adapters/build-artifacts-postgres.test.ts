import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresBuildArtifacts } from '../../src/adapters/build-artifacts-postgres/index.ts';
import type { PostgresEngine } from '../../src/adapters/postgres/database.ts';
import type { BuildArtifactsPort } from '../../src/ports/build-artifacts.ts';
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

/** Stores a build and waits until the whole folder is stored too; answers its id. */
async function publishWhole(
  artifacts: BuildArtifactsPort,
  codeKey: string,
  contentVersion: number,
  folder: string,
): Promise<number> {
  const { id, whole } = await artifacts.publish(codeKey, contentVersion, folder, 'host-a:/data');
  await whole;
  return id;
}

/**
 * Holds back the storing of every whole archive until the answered function is called: a trigger
 * on this test's own database waits for an advisory lock the test holds. So the test sees what a
 * build is stored as before its whole folder is, however fast the machine packs it.
 */
async function holdWholeArchives(): Promise<() => Promise<void>> {
  const { pool } = database.store;
  await pool.query(`CREATE FUNCTION hold_archive() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NEW; END $$`);
  await pool.query(`CREATE TRIGGER hold_archive BEFORE UPDATE OF archive ON storefront_build_artifacts
    FOR EACH ROW EXECUTE FUNCTION hold_archive()`);
  const holder = await pool.connect();
  await holder.query('SELECT pg_advisory_lock(4242)');
  return async () => {
    await holder.query('SELECT pg_advisory_unlock(4242)');
    holder.release();
  };
}

describe('shared storefront builds on PostgreSQL', () => {
  it('stores a build folder and gives the same files back, under its code key only', async () => {
    const artifacts = createPostgresBuildArtifacts(database.store);
    expect(await artifacts.latest('code-a', null)).toBeNull();
    const built = buildFolder('built', '<h1>Γιάννης</h1>'.repeat(1000));
    await (await artifacts.publish('code-a', 5, built, 'host-a:/srv/shop/data')).whole;

    const latest = await artifacts.latest('code-a', null);
    expect(latest).toEqual({ id: expect.any(Number), contentVersion: 5, builtBy: 'host-a:/srv/shop/data' });
    expect(await artifacts.latest('code-b', null)).toBeNull();
    const target = path.join(dir, 'instances', 'b', 'build-000001');
    expect(await artifacts.download(latest?.id ?? -1, target, null)).toBe('whole');
    expect(filesOf(target)).toEqual(filesOf(built));
    // Nothing half-made is left beside it, and an existing folder is never written into.
    expect(fs.readdirSync(path.dirname(target))).toEqual(['build-000001']);
    await expect(artifacts.download(latest?.id ?? -1, target, null)).rejects.toThrow(/exists already/);
  });

  it('keeps the two newest builds of a code key and lets older ones and other keys go', async () => {
    const artifacts = createPostgresBuildArtifacts(database.store);
    await publishWhole(artifacts, 'old-code', 1, buildFolder('old', 'old'));
    const firstId = await publishWhole(artifacts, 'code', 1, buildFolder('first', 'v1'));
    await publishWhole(artifacts, 'code', 2, buildFolder('second', 'v2'));
    await publishWhole(artifacts, 'code', 3, buildFolder('third', 'v3'));
    expect(await artifacts.latest('code', null)).toMatchObject({ contentVersion: 3 });
    expect(await artifacts.latest('old-code', null)).toBeNull();
    const { rows } = await database.store.pool.query<{ content_version: number }>(
      'SELECT content_version FROM storefront_build_artifacts ORDER BY id',
    );
    expect(rows.map((row) => Number(row.content_version))).toEqual([2, 3]);
    // One gone answers false, and leaves no folder.
    expect(await artifacts.download(firstId, path.join(dir, 'gone'), null)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'gone'))).toBe(false);
  });

  it('gives an instance serving the build before only the changed files, and leaves its folder as it was', async () => {
    const artifacts = createPostgresBuildArtifacts(database.store);
    const first = buildFolder('first', '<h1>v1</h1>');
    fs.writeFileSync(path.join(first, 'client', 'gone.html'), 'removed in the next build');
    const firstId = await publishWhole(artifacts, 'code', 1, first);
    const served = path.join(dir, 'instance', 'build-000001');
    expect(await artifacts.download(firstId, served, null)).toBe('whole');
    const servedFiles = filesOf(served);

    const second = buildFolder('second', '<h1>v2</h1>');
    fs.writeFileSync(path.join(second, 'client', 'new.html'), 'added');
    fs.cpSync(path.join(first, 'server', 'entry.mjs'), path.join(second, 'server', 'entry.mjs'));
    const letGo = await holdWholeArchives();
    const { id, whole } = await artifacts.publish('code', 2, second, 'host-a:/data');
    // Taken as changes against the build it serves, before the whole folder is stored; an
    // instance serving another build still gets the whole one before it.
    expect(await artifacts.latest('code', firstId)).toMatchObject({ id, contentVersion: 2 });
    expect(await artifacts.latest('code', null)).toMatchObject({ id: firstId });
    const { rows } = await database.store.pool.query<{ changes: Buffer; archive: Buffer | null }>(
      'SELECT changes, archive FROM storefront_build_artifacts WHERE id = $1',
      [id],
    );
    const next = path.join(dir, 'instance', 'build-000002');
    expect(await artifacts.download(id, next, { id: firstId, dir: served })).toBe('changes');
    expect(filesOf(next)).toEqual(filesOf(second));
    expect(filesOf(served)).toEqual(servedFiles);
    expect(fs.readdirSync(path.dirname(next)).sort()).toEqual(['build-000001', 'build-000002']);
    await letGo();
    await whole;
    expect(await artifacts.latest('code', null)).toMatchObject({ id });
    // The changes hold the changed and the new file, not the unchanged entry; the whole came later.
    const [row] = rows;
    expect(row?.archive).toBeNull();
    const listed = execFileSync('tar', ['-tzf', '-'], { input: row?.changes }).toString().trim().split('\n');
    expect(listed.sort()).toEqual([
      path.join('client', 'new.html'),
      path.join('client', 'player', 'Γιάννης', 'index.html'),
    ]);
    // An instance serving no stored build gets the whole folder.
    const fresh = path.join(dir, 'fresh', 'build-000001');
    expect(await artifacts.download(id, fresh, null)).toBe('whole');
    expect(filesOf(fresh)).toEqual(filesOf(second));
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
