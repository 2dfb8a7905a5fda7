import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFirestoreDocuments } from '../../src/adapters/docs-firestore/index.ts';
import type { Category } from '../../src/domain/catalog/category.ts';
import type { DocumentsPort } from '../../src/ports/documents.ts';
import { startFirebaseEmulators, TEST_PROJECT_ID } from '../helpers/firebase-emulators.ts';
import { openTempShop } from '../helpers/temp-shop.ts';

// Player adds racing from four processes of their own, on the shop's database and on the
// Firestore emulator: tests that start processes, so they run in the full run's processes project
// (vitest.config.ts). Each adapter's other behaviour: docs-local-players.test.ts and
// docs-firestore.test.ts.
const emulators = startFirebaseEmulators({ firestore: true });

const KNICKS: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [{ name: 'New York Knicks', image: '', players: [] }],
};

const root = path.resolve(import.meta.dirname, '../..');
const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);

/**
 * Four processes at once, each opening the adapter with `open` (a script that sets `documents`)
 * and adding 10 players to the Knicks; then the players `documents` reads.
 */
async function addsFromFourProcesses(documents: DocumentsPort, open: string, close: string) {
  const script = (worker: number) => `
    ${open}
    await Promise.all(Array.from({ length: 10 }, (_, i) =>
      documents.addPlayer('nba-atlantic', 'New York Knicks', 'Worker ${worker} Player ' + i)));
    ${close}
  `;
  const run = (worker: number) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '--no-warnings', '-e', script(worker)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${worker}: ${stderr}`))));
    });
  await Promise.all([1, 2, 3, 4].map(run));
  const [category] = await documents.listCategories();
  const players = category?.teams[0]?.players.map((player) => player.name) ?? [];
  expect(players).toHaveLength(40);
  for (const worker of [1, 2, 3, 4])
    for (let index = 0; index < 10; index += 1) expect(players).toContain(`Worker ${worker} Player ${index}`);
}

describe('player adds racing from four processes', () => {
  it('loses none on the shop database (each process its own connection)', async () => {
    const shop = openTempShop();
    try {
      await shop.container.documents.putCategory(KNICKS);
      await addsFromFourProcesses(
        shop.container.documents,
        `const { openEngine } = await import(${moduleUrl('src/adapters/sqlite/database.ts')});
         const { createDatabaseDocuments } = await import(${moduleUrl('src/adapters/docs-database/index.ts')});
         const engine = openEngine(${JSON.stringify(shop.dir)});
         const documents = createDatabaseDocuments(engine);`,
        'engine.sqlite.close();',
      );
    } finally {
      shop.remove();
    }
  });

  it('loses none on Firestore (transactions retried)', { timeout: 60_000 }, async () => {
    emulators.firestore.clear();
    const documents = createFirestoreDocuments({ projectId: TEST_PROJECT_ID, emulated: true });
    try {
      await documents.putCategory(KNICKS);
      const abortedBefore = emulators.firestore.abortedCommits();
      await addsFromFourProcesses(
        documents,
        `const { createFirestoreDocuments } = await import(${moduleUrl('src/adapters/docs-firestore/index.ts')});
         const documents = createFirestoreDocuments({ projectId: ${JSON.stringify(TEST_PROJECT_ID)}, emulated: true });`,
        'await documents.close();',
      );
      // The race was real: some commits were refused as stale and the SDK ran them again.
      expect(emulators.firestore.abortedCommits()).toBeGreaterThan(abortedBefore);
    } finally {
      await documents.close();
    }
  });
});
