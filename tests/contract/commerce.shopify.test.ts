import { describe, expect, it } from 'vitest';
import { commerceContract } from './commerce.contract.ts';
import { openShopifyCommerce, startDoubleForFile } from './shopify-harness.ts';

const double = startDoubleForFile();

commerceContract(
  'Shopify (Storefront API on the local double)',
  async () => {
    double().reset();
    const commerce = openShopifyCommerce(double());
    return {
      commerce,
      async seed({ priceCents, quantity, ...product }) {
        const made = double().store.seedProduct({
          ...product,
          priceCents: priceCents ?? 0,
          quantity: quantity ?? 1,
        });
        const read = await commerce.getProduct(`gid://shopify/Product/${made.id}`);
        if (!read) throw new Error(`seeded product ${made.id} is not on the storefront`);
        return read;
      },
      close: async () => {},
    };
  },
  { unpricedProducts: false, idNamespace: 'shopify' },
);

describe('Shopify: the build reads the catalogue without descriptions', () => {
  it('sends the summaries query and not the full one', async () => {
    double().reset();
    for (let index = 0; index < 3; index += 1)
      double().store.seedProduct({ title: `Summary card ${index}`, priceCents: 100, quantity: 1 });
    const commerce = openShopifyCommerce(double());
    const before = double().requests.length;
    const summaries = await commerce.listProductSummaries();
    expect(summaries.map((summary) => summary.title).sort()).toEqual([
      'Summary card 0',
      'Summary card 1',
      'Summary card 2',
    ]);
    const sent = double()
      .requests.slice(before)
      .map((request) => request.operationName);
    expect(sent).toEqual(['StorefrontProductSummaries']);
  });
});
