import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFirestoreDocuments,
  type FirestoreDocuments,
} from '../../src/adapters/docs-firestore/index.ts';
import type { Category } from '../../src/domain/catalog/category.ts';
import { startFirebaseEmulators, TEST_PROJECT_ID } from '../helpers/firebase-emulators.ts';

// Transactions racing across server processes on the Firestore emulator: a test that starts
// processes, so it runs in the full run's processes project (vitest.config.ts).
const emulators = startFirebaseEmulators({ firestore: true });

const KNICKS: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [{ name: 'New York Knicks', image: '/images/teams/knicks.svg', players: [] }],
};

let documents: FirestoreDocuments;

beforeEach(() => {
  emulators.firestore.clear();
  documents = createFirestoreDocuments({ projectId: TEST_PROJECT_ID, emulated: true });
});

afterEach(async () => {
  await documents.close();
});

describe('docs-firestore across processes', () => {
  it('loses none of the adds racing from four server processes (transactions retried)', async () => {
    await documents.putCategory(KNICKS);
    const root = path.resolve(import.meta.dirname, '../..');
    const adapter = pathToFileURL(path.join(root, 'src/adapters/docs-firestore/index.ts')).href;
    const script = (worker: number) => `
      const { createFirestoreDocuments } = await import(${JSON.stringify(adapter)});
      const documents = createFirestoreDocuments({ projectId: ${JSON.stringify(TEST_PROJECT_ID)}, emulated: true });
      await Promise.all(Array.from({ length: 10 }, (_, i) =>
        documents.addPlayer('nba-atlantic', 'New York Knicks', 'Worker ${worker} Player ' + i)));
      await documents.close();
    `;
    const abortedBefore = emulators.firestore.abortedCommits();
    const run = (worker: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--input-type=module', '--no-warnings', '-e', script(worker)],
          {
            stdio: ['ignore', 'ignore', 'pipe'],
            env: { ...process.env },
          },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`worker ${worker}: ${stderr}`)),
        );
      });
    await Promise.all([1, 2, 3, 4].map(run));
    const [category] = await documents.listCategories();
    const players = category?.teams[0]?.players.map((player) => player.name) ?? [];
    expect(players).toHaveLength(40);
    for (const worker of [1, 2, 3, 4])
      for (let index = 0; index < 10; index += 1)
        expect(players).toContain(`Worker ${worker} Player ${index}`);
    // The race was real: some commits were refused as stale and the SDK ran them again.
    expect(emulators.firestore.abortedCommits()).toBeGreaterThan(abortedBefore);
  }, 60_000);
});
