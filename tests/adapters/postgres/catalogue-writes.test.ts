import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalCommerce } from '../../../src/adapters/commerce-local/index.ts';
import type { PostgresEngine } from '../../../src/adapters/postgres/database.ts';
import type { CommercePort } from '../../../src/ports/commerce.ts';
import { postgresTestDatabase, type TestDatabase } from '../../helpers/databases.ts';

const input = (title: string) => ({
  title,
  priceCents: 1250,
  quantity: 3,
  tags: ['NBA'],
  productType: 'Card',
});

describe('catalogue writes on PostgreSQL', () => {
  let database: TestDatabase<PostgresEngine>;
  let commerce: CommercePort;
  beforeEach(async () => {
    database = await postgresTestDatabase();
    commerce = createLocalCommerce(database.store);
  });
  afterEach(async () => {
    await database.close();
  });

  it('creates, reads back, updates and deletes a product, moving the catalogue counter', async () => {
    const before = await commerce.version();
    const { product } = await commerce.createProduct(input('LeBron James 2003 Topps Chrome'));
    expect(product).toMatchObject({
      title: 'LeBron James 2003 Topps Chrome',
      priceCents: 1250,
      available: 3,
    });
    expect(await commerce.version()).toBeGreaterThan(before);
    const { product: updated } = await commerce.updateProduct(product.id, {
      ...input('LeBron'),
      quantity: 0,
    });
    expect(updated).toMatchObject({ title: 'LeBron', available: 0 });
    await commerce.deleteProduct(product.id);
    expect(await commerce.getProduct(product.id)).toBeNull();
  });

  it('gives ten products with one title, saved at once from two instances, ten different handles', async () => {
    const other = createLocalCommerce(await database.another());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? commerce : other).createProduct(input('Giannis')),
      ),
    );
    const handles = results.map((result) => result.product.handle);
    expect(new Set(handles).size).toBe(10);
  });
});
