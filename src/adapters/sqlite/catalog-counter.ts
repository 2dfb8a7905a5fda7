import type { Engine } from './database.ts';

/**
 * The catalogue's change counter in the shop's own database (`counters`, name 'catalog'), for a
 * catalogue that lives elsewhere (Shopify): its writes and webhooks bump it, and since the storefront's
 * content version is the sum of the counters, a bump starts a rebuild as an engine write would.
 */
export function catalogCounter({ sqlite }: Engine): { get(): Promise<number>; bump(): Promise<void> } {
  const read = sqlite.prepare("SELECT value FROM counters WHERE name = 'catalog'");
  const bump = sqlite.prepare("UPDATE counters SET value = value + 1 WHERE name = 'catalog'");
  return {
    get: async () => (read.get() as { value: number } | undefined)?.value ?? 0,
    bump: async () => {
      bump.run();
    },
  };
}
