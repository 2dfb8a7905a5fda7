import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/domain/catalog/category.ts';
import type { Container } from '../../src/server/container.ts';
import { countRows, openTempShop, type TempShop } from '../helpers/temp-shop.ts';

// The port's behaviour is proven by tests/contract/documents-local.test.ts; these check its storage.
const ATLANTIC: Category = {
  id: 'nba-atlantic',
  name: 'Atlantic',
  teams: [{ name: 'Boston Celtics', image: '', players: [{ name: 'Jayson Tatum', image: '' }] }],
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

describe('docs-local storage', () => {
  it('keeps one row per document, replaced in place', async () => {
    await documents.putCategory(ATLANTIC);
    await documents.putCategory({ ...ATLANTIC, name: 'Atlantic Division' });
    expect(countRows(shop.container, 'categories')).toBe(1);
  });

  it('counts document changes in the counter the storefront version sums', async () => {
    const counter = () =>
      (
        shop.engine.sqlite.prepare("SELECT value FROM counters WHERE name = 'documents'").get() as {
          value: number;
        }
      ).value;
    const before = counter();
    await documents.putCategory(ATLANTIC);
    expect(counter()).toBe(before + 1);
    expect(await documents.version()).toBe(counter());
  });
});
