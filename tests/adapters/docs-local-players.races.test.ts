import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/domain/catalog/category.ts';
import { DEFAULT_PLAYER_IMAGE } from '../../src/domain/catalog/sports.ts';
import type { DocumentsPort } from '../../src/ports/documents.ts';
import { openTempShop, type TempShop } from '../helpers/temp-shop.ts';

// Player adds racing from processes of their own on one database: a test that starts processes,
// so it runs in the full run's processes project (vitest.config.ts).
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

describe('docs-local players across processes', () => {
  it('loses none of the adds racing from four processes', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const module = (file: string) => pathToFileURL(path.join(root, file)).href;
    // Each process opens its own connection to the same database and adds 10 players at once.
    const script = (worker: number) => `
      const { openEngine } = await import(${JSON.stringify(module('src/adapters/sqlite/database.ts'))});
      const { createDatabaseDocuments } = await import(${JSON.stringify(module('src/adapters/docs-database/index.ts'))});
      const engine = openEngine(${JSON.stringify(shop.dir)});
      const documents = createDatabaseDocuments(engine);
      await Promise.all(Array.from({ length: 10 }, (_, i) =>
        documents.addPlayer('nba-atlantic', 'New York Knicks', 'Worker ${worker} Player ' + i)));
      engine.sqlite.close();
    `;
    const run = (worker: number) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--input-type=module', '--no-warnings', '-e', script(worker)],
          {
            stdio: ['ignore', 'ignore', 'pipe'],
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
    const players = await playersOf('New York Knicks');
    expect(players).toHaveLength(40);
    for (const worker of [1, 2, 3, 4])
      for (let index = 0; index < 10; index += 1)
        expect(players).toContain(`Worker ${worker} Player ${index}`);
  });
});
