import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/domain/catalog/category.ts';
import { DEFAULT_PLAYER_IMAGE } from '../../src/domain/catalog/sports.ts';
import { isAppError } from '../../src/domain/errors.ts';
import type { DocumentsPort } from '../../src/ports/documents.ts';

/** A fresh, empty documents store for one test, and how to let go of it. */
export type DocumentsHarness = { documents: DocumentsPort; close(): Promise<void> | void };

const CELTICS = {
  name: 'Boston Celtics',
  image: '/images/teams/celtics.svg',
  players: [
    { name: 'Jayson Tatum', image: '/images/default-player.svg' },
    { name: 'Jaylen Brown', image: '' },
  ],
};
const ATLANTIC: Category = { id: 'nba-atlantic', name: 'Atlantic', teams: [CELTICS] };
const EUROLEAGUE: Category = {
  id: 'euroleague',
  name: 'Euroleague',
  teams: [{ name: 'Ολυμπιακός', image: '', players: [{ name: 'Σάσα Βεζένκοφ', image: '' }] }],
};
const PLAYERS_ATLANTIC: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [
    { name: 'Boston Celtics', image: '', players: [{ name: 'Jayson Tatum', image: DEFAULT_PLAYER_IMAGE }] },
    { name: 'New York Knicks', image: '', players: [] },
  ],
};

async function refusal(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * What every documents adapter must do (spec sections 3, 7.4 and 8): the categories collection in
 * the spec's shape, atomic player changes with the spec's Greek refusals, and a version that grows
 * with every change so the storefront rebuilds.
 */
export function documentsContract(backend: string, open: () => Promise<DocumentsHarness>): void {
  describe(`documents port contract (${backend})`, () => {
    let harness: DocumentsHarness;
    let documents: DocumentsPort;

    beforeEach(async () => {
      harness = await open();
      documents = harness.documents;
    });

    afterEach(async () => {
      await harness.close();
    });

    const playersOf = async (team: string) =>
      (await documents.listCategories())
        .flatMap((category) => category.teams)
        .find((candidate) => candidate.name === team)
        ?.players.map((player) => player.name);

    describe('categories', () => {
      it('starts with no categories', async () => {
        expect(await documents.listCategories()).toEqual([]);
      });

      it('round-trips categories in the spec shape, ordered by id', async () => {
        await documents.putCategory(ATLANTIC);
        await documents.putCategory(EUROLEAGUE);
        expect(await documents.listCategories()).toEqual([EUROLEAGUE, ATLANTIC]);
      });

      it('keeps a category with no teams', async () => {
        await documents.putCategory({ id: 'nba-central', name: 'Central', teams: [] });
        expect(await documents.listCategories()).toEqual([{ id: 'nba-central', name: 'Central', teams: [] }]);
      });

      it('replaces a category whole on a second put', async () => {
        await documents.putCategory(ATLANTIC);
        const replaced: Category = {
          id: 'nba-atlantic',
          name: 'Atlantic Division',
          teams: [{ name: 'New York Knicks', image: '', players: [] }],
        };
        await documents.putCategory(replaced);
        expect(await documents.listCategories()).toEqual([replaced]);
      });

      it('trims team and player names', async () => {
        await documents.putCategory({
          id: 'nba-atlantic',
          name: 'Atlantic',
          teams: [{ name: '  Boston Celtics ', image: '', players: [{ name: ' Jayson Tatum ', image: '' }] }],
        });
        const [stored] = await documents.listCategories();
        expect(stored?.teams[0]?.name).toBe('Boston Celtics');
        expect(stored?.teams[0]?.players[0]?.name).toBe('Jayson Tatum');
      });

      it('grows the version on every put, and only then', async () => {
        const v0 = await documents.version();
        await documents.putCategory(ATLANTIC);
        const v1 = await documents.version();
        expect(v1).toBeGreaterThan(v0);
        await documents.listCategories();
        expect(await documents.version()).toBe(v1);
        await documents.putCategory({ ...ATLANTIC, name: 'Atlantic 2' });
        expect(await documents.version()).toBeGreaterThan(v1);
      });

      it('refuses an invalid category and stores nothing', async () => {
        const v0 = await documents.version();
        const invalid: Category[] = [
          { id: 'nba-atlantic', name: '', teams: [] },
          { id: '', name: 'Atlantic', teams: [] },
          { id: 'nba-atlantic', name: 'Atlantic', teams: [{ name: '   ', image: '', players: [] }] },
          {
            id: 'nba-atlantic',
            name: 'Atlantic',
            teams: [{ name: 'Celtics', image: '', players: [{ name: '', image: '' }] }],
          },
        ];
        for (const category of invalid) {
          await expect(documents.putCategory(category), JSON.stringify(category)).rejects.toThrow();
        }
        expect(await documents.listCategories()).toEqual([]);
        expect(await documents.version()).toBe(v0);
      });

      it('does not let an invalid put damage a stored category', async () => {
        await documents.putCategory(ATLANTIC);
        await expect(documents.putCategory({ ...ATLANTIC, name: '' })).rejects.toThrow();
        expect(await documents.listCategories()).toEqual([ATLANTIC]);
      });
    });

    describe('players', () => {
      beforeEach(async () => {
        await documents.putCategory(PLAYERS_ATLANTIC);
      });

      it('adds a player with the default image and answers the updated category', async () => {
        const category = await documents.addPlayer('nba-atlantic', 'Boston Celtics', '  Jaylen   Brown ');
        expect(category.teams[0]?.players).toEqual([
          { name: 'Jayson Tatum', image: DEFAULT_PLAYER_IMAGE },
          { name: 'Jaylen Brown', image: DEFAULT_PLAYER_IMAGE },
        ]);
        expect(await documents.listCategories()).toEqual([category]);
      });

      it('deletes a player and leaves the others', async () => {
        await documents.addPlayer('nba-atlantic', 'Boston Celtics', 'Jaylen Brown');
        const category = await documents.deletePlayer('nba-atlantic', 'Boston Celtics', 'Jayson Tatum');
        expect(category.teams[0]?.players.map((player) => player.name)).toEqual(['Jaylen Brown']);
        expect(await playersOf('Boston Celtics')).toEqual(['Jaylen Brown']);
        expect(await playersOf('New York Knicks')).toEqual([]);
      });

      it('refuses a player the team already has (case, accents and spaces ignored)', async () => {
        for (const name of ['Jayson Tatum', ' jayson  tatum ', 'JAYSON TATUM']) {
          expect(await refusal(documents.addPlayer('nba-atlantic', 'Boston Celtics', name))).toEqual({
            kind: 'conflict',
            message: 'Ο παίκτης Jayson Tatum υπάρχει ήδη στην ομάδα Boston Celtics.',
          });
        }
        expect(await playersOf('Boston Celtics')).toEqual(['Jayson Tatum']);
        // Another team may have a player of that name.
        await documents.addPlayer('nba-atlantic', 'New York Knicks', 'Jayson Tatum');
        expect(await playersOf('New York Knicks')).toEqual(['Jayson Tatum']);
      });

      it('says which document is missing', async () => {
        expect(await refusal(documents.addPlayer('nba-central', 'Boston Celtics', 'X'))).toEqual({
          kind: 'not_found',
          message: 'Η κατηγορία δεν βρέθηκε.',
        });
        expect(await refusal(documents.addPlayer('nba-atlantic', 'Chicago Bulls', 'X'))).toEqual({
          kind: 'not_found',
          message: 'Η ομάδα δεν βρέθηκε.',
        });
        expect(
          await refusal(documents.deletePlayer('nba-central', 'Boston Celtics', 'Jayson Tatum')),
        ).toEqual({
          kind: 'not_found',
          message: 'Η κατηγορία δεν βρέθηκε.',
        });
        expect(
          await refusal(documents.deletePlayer('nba-atlantic', 'Chicago Bulls', 'Jayson Tatum')),
        ).toEqual({
          kind: 'not_found',
          message: 'Η ομάδα δεν βρέθηκε.',
        });
        expect(await refusal(documents.deletePlayer('nba-atlantic', 'Boston Celtics', 'Nobody'))).toEqual({
          kind: 'not_found',
          message: 'Ο παίκτης Nobody δεν βρέθηκε στην ομάδα Boston Celtics.',
        });
      });

      it('refuses an empty or unsafe name and writes nothing', async () => {
        const before = await documents.version();
        expect(await refusal(documents.addPlayer('nba-atlantic', 'Boston Celtics', '  '))).toEqual({
          kind: 'invalid',
          message: 'Παρακαλώ εισαγάγετε όνομα παίκτη και επιλέξτε ομάδα.',
        });
        expect((await refusal(documents.addPlayer('nba-atlantic', 'Boston Celtics', '..'))).kind).toBe(
          'invalid',
        );
        expect((await refusal(documents.addPlayer('nba-atlantic', 'Boston Celtics', 'a/b'))).kind).toBe(
          'invalid',
        );
        expect(await documents.version()).toBe(before);
        expect(await playersOf('Boston Celtics')).toEqual(['Jayson Tatum']);
      });

      it('grows the version on every player change, and not on a refused one', async () => {
        const v0 = await documents.version();
        await documents.addPlayer('nba-atlantic', 'Boston Celtics', 'Derrick White');
        const v1 = await documents.version();
        expect(v1).toBeGreaterThan(v0);
        await refusal(documents.addPlayer('nba-atlantic', 'Boston Celtics', 'Derrick White'));
        expect(await documents.version()).toBe(v1);
        await documents.deletePlayer('nba-atlantic', 'Boston Celtics', 'Derrick White');
        expect(await documents.version()).toBeGreaterThan(v1);
      });

      it('loses none of 20 concurrent adds to one team, and refuses concurrent duplicates', async () => {
        const names = Array.from({ length: 20 }, (_, index) => `Concurrent Player ${index + 1}`);
        const results = await Promise.allSettled(
          [...names, 'Concurrent Player 1', 'concurrent player 2'].map((name) =>
            documents.addPlayer('nba-atlantic', 'New York Knicks', name),
          ),
        );
        expect(results.filter((result) => result.status === 'rejected')).toHaveLength(2);
        const stored = (await playersOf('New York Knicks')) ?? [];
        expect(stored).toHaveLength(20);
        expect(new Set(stored.map((name) => name.toLowerCase()))).toEqual(
          new Set(names.map((name) => name.toLowerCase())),
        );
      });

      it('keeps adds and deletes on two teams of one document from undoing each other', async () => {
        await Promise.all([
          documents.addPlayer('nba-atlantic', 'Boston Celtics', 'Jaylen Brown'),
          documents.addPlayer('nba-atlantic', 'New York Knicks', 'Jalen Brunson'),
          documents.deletePlayer('nba-atlantic', 'Boston Celtics', 'Jayson Tatum'),
          documents.addPlayer('nba-atlantic', 'New York Knicks', 'Josh Hart'),
        ]);
        expect(await playersOf('Boston Celtics')).toEqual(['Jaylen Brown']);
        expect(new Set(await playersOf('New York Knicks'))).toEqual(new Set(['Jalen Brunson', 'Josh Hart']));
      });
    });
  });
}
