import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/domain/catalog/category.ts';
import { DEFAULT_PLAYER_IMAGE } from '../../src/domain/catalog/sports.ts';
import type { DocumentsPort } from '../../src/ports/documents.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

const ATLANTIC: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [
    { name: 'Boston Celtics', image: '', players: [{ name: 'Jayson Tatum', image: DEFAULT_PLAYER_IMAGE }] },
    { name: 'New York Knicks', image: '', players: [] },
  ],
};

let shop: TempShop;
let documents: DocumentsPort;

beforeEach(async () => {
  shop = openTempShop();
  documents = shop.container.documents;
  await documents.putCategory(ATLANTIC);
});

afterEach(() => {
  shop.remove();
});

const playersOf = async (team: string) =>
  (await documents.listCategories())
    .flatMap((category) => category.teams)
    .find((candidate) => candidate.name === team)
    ?.players.map((player) => player.name);

// The port's behaviour is proven by tests/contract/documents-local.test.ts; these check the engine
// (documents.races.test.ts: adds racing from several processes).
describe('docs-local players', () => {
  it('marks the storefront stale on every change (documents version and revision grow)', async () => {
    const revision = () =>
      (
        shop.engine.sqlite.prepare('SELECT revision FROM categories WHERE id = ?').get('nba-atlantic') as {
          revision: number;
        }
      ).revision;
    const [v0, r0] = [await documents.version(), revision()];
    await documents.addPlayer('nba-atlantic', 'Boston Celtics', 'Derrick White');
    const [v1, r1] = [await documents.version(), revision()];
    expect(v1).toBeGreaterThan(v0);
    expect(r1).toBe(r0 + 1);
    await documents.deletePlayer('nba-atlantic', 'Boston Celtics', 'Derrick White');
    expect(await documents.version()).toBeGreaterThan(v1);
    expect(revision()).toBe(r1 + 1);
  });

  it('never joins another open transaction, so its rollback cannot undo a player add', async () => {
    const { db } = shop.engine;
    let added: Promise<Category> | undefined;
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('carts').values({ id: 'c1', created_at: 'x', updated_at: 'x' }).execute();
        added = documents.addPlayer('nba-atlantic', 'New York Knicks', 'Jalen Brunson');
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    expect(await failing).toBe('rolled back');
    await added;
    expect(await playersOf('New York Knicks')).toEqual(['Jalen Brunson']);
  });
});
