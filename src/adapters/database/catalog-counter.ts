import type { ShopDatabase } from './shop-database.ts';

/**
 * The catalogue's change counter in the shop's own database (`counters`, name 'catalog'), for a
 * catalogue that lives elsewhere (Shopify): its writes and webhooks bump it, and since the storefront's
 * content version is the sum of the counters, a bump starts a rebuild as an engine write would.
 */
export function catalogCounter({ db }: ShopDatabase): { get(): Promise<number>; bump(): Promise<void> } {
  return {
    get: async () =>
      (await db.selectFrom('counters').select('value').where('name', '=', 'catalog').executeTakeFirst())
        ?.value ?? 0,
    bump: async () => {
      // One statement: the row's lock orders bumps from every process and instance, none is lost.
      await db
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'catalog')
        .execute();
    },
  };
}
