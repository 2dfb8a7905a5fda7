import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { removeE2eData } from '../../scripts/e2e-data-dir.ts';

const parents: string[] = [];
afterEach(() => {
  for (const parent of parents.splice(0)) fs.rmSync(parent, { recursive: true, force: true });
});

it("removes an ended run's data folder and its slots', and leaves other runs' alone", () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-dir-'));
  parents.push(parent);
  const made = (name: string, folder = true) => {
    const place = path.join(parent, name);
    if (folder) {
      fs.mkdirSync(path.join(place, 'builds'), { recursive: true });
      fs.writeFileSync(path.join(place, 'shop.db'), 'data');
    } else fs.writeFileSync(place, '{}');
  };
  for (const name of ['cardshop-e2e-4600', 'cardshop-e2e-4600-w0', 'cardshop-e2e-4600-w1']) made(name);
  made('cardshop-e2e-4600-w1.shop.json', false);
  // Another run, whose port starts with this one's digits, and another run's slot.
  for (const name of ['cardshop-e2e-46001', 'cardshop-e2e-46001-w0', 'cardshop-e2e-4700-w0']) made(name);

  removeE2eData(path.join(parent, 'cardshop-e2e-4600'));

  expect(fs.readdirSync(parent).sort()).toEqual([
    'cardshop-e2e-46001',
    'cardshop-e2e-46001-w0',
    'cardshop-e2e-4700-w0',
  ]);
});
