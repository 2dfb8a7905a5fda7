import { initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFirestoreDocuments,
  type FirestoreDocuments,
} from '../../src/adapters/docs-firestore/index.ts';
import type { Category } from '../../src/domain/catalog/category.ts';
import { startFirebaseEmulators, TEST_PROJECT_ID } from '../helpers/firebase-emulators.ts';
import { recordLogs } from '../helpers/log-lines.ts';

// The port's behaviour is proven by tests/contract/documents-firestore.test.ts; these check what
// only Firestore has: the stored shape and outside edits; documents.races.test.ts races
// transactions across processes.
const emulators = startFirebaseEmulators({ firestore: true });

const KNICKS: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [{ name: 'New York Knicks', image: '/images/teams/knicks.svg', players: [] }],
};

let raw: Firestore;
let documents: FirestoreDocuments;

beforeAll(() => {
  // Another client, as the Firebase console or a second server would be.
  raw = getFirestore(initializeApp({ projectId: TEST_PROJECT_ID }, 'raw-client'));
});

beforeEach(() => {
  emulators.firestore.clear();
  documents = createFirestoreDocuments({ projectId: TEST_PROJECT_ID, emulated: true });
});

afterEach(async () => {
  await documents.close();
});

afterAll(async () => {
  await raw.terminate();
});

describe('docs-firestore', () => {
  it('stores categories/{id} in the spec shape: name and teams, the id being the document id', async () => {
    await documents.putCategory(KNICKS);
    await documents.addPlayer('nba-atlantic', 'New York Knicks', 'Jalen Brunson');
    const snapshot = await raw.doc('categories/nba-atlantic').get();
    expect(snapshot.data()).toEqual({
      name: 'Atlantic',
      teams: [
        {
          name: 'New York Knicks',
          image: '/images/teams/knicks.svg',
          players: [{ name: 'Jalen Brunson', image: '/images/default-player.svg' }],
        },
      ],
    });
  });

  it('reads documents written by someone else, and notices their changes without being asked', async () => {
    await raw.doc('categories/euroleague').set({
      name: 'Euroleague',
      teams: [{ name: 'Ολυμπιακός', image: '', players: [] }],
    });
    expect(await documents.listCategories()).toEqual([
      { id: 'euroleague', name: 'Euroleague', teams: [{ name: 'Ολυμπιακός', image: '', players: [] }] },
    ]);
    const before = await documents.version();
    // An edit in the Firebase console: the listener moves the version, so the storefront rebuilds.
    await raw.doc('categories/euroleague').update({ name: 'EuroLeague' });
    await vi.waitFor(async () => expect(await documents.version()).toBeGreaterThan(before), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('skips a document of another shape with a warning, and serves the rest', async () => {
    const logs = recordLogs();
    await documents.putCategory(KNICKS);
    await raw.doc('categories/broken').set({ title: 'no name, no teams' });
    expect((await documents.listCategories()).map((category) => category.id)).toEqual(['nba-atlantic']);
    logs.stop();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', document: 'categories/broken' }),
    );
  });
});
