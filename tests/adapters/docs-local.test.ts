import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/ports/documents.ts';
import type { Container } from '../../src/server/container.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

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

let shop: TempShop;
let documents: Container['documents'];

beforeEach(() => {
  shop = openTempShop();
  documents = shop.container.documents;
});

afterEach(() => {
  shop.remove();
});

describe('docs-local', () => {
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
    expect(countRows(shop.container, 'categories')).toBe(1);
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

  it('grows the version on every put', async () => {
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
