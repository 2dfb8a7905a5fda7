import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Container } from '../../../src/server/container.ts';
import { createRestockWatch } from '../../../src/server/stock-alerts/restock-watch.ts';
import { openTempShop, type TempShop } from '../../helpers/temp-shop.ts';
import { aCard, backInStockMails, subscribe } from './helpers.ts';

let shop: TempShop;
beforeEach(() => {
  shop = openTempShop();
});
afterEach(() => shop.remove());

/** The container, counting the passes (each pass asks for the waiting products first). */
function counted(container: Container) {
  const passes = { count: 0 };
  const stockAlerts = {
    ...container.stockAlerts,
    waitingProducts: (limit: number) => {
      passes.count += 1;
      return container.stockAlerts.waitingProducts(limit);
    },
  };
  return { container: { ...container, stockAlerts }, passes };
}

it('runs a pass when the shop’s version moves (stock included), and a sweep when none did for a while', async () => {
  let clock = 0;
  const { container, passes } = counted(shop.container);
  const watch = createRestockWatch(container, { sweepMs: 60_000, minGapMs: 0, now: () => clock });
  const card = await aCard(shop.container, 0);
  await subscribe(shop.container, card, 'a@example.gr');

  await watch.tick();
  expect(passes.count).toBe(1);
  await watch.tick();
  expect(passes.count).toBe(1);

  // A stock change alone (no catalogue change) moves the version: the pass mails the subscriber.
  shop.engine.sqlite.prepare('UPDATE inventory_levels SET available = 4').run();
  await watch.tick();
  expect(passes.count).toBe(2);
  expect(await backInStockMails(shop.container)).toEqual(['a@example.gr']);

  clock += 60_000;
  await watch.tick();
  expect(passes.count).toBe(3);
  expect(await backInStockMails(shop.container)).toEqual(['a@example.gr']);
});

it('never runs two passes at once, and stops cleanly', async () => {
  const { container, passes } = counted(shop.container);
  const watch = createRestockWatch(container, { pollMs: 10 });
  await Promise.all([watch.tick(), watch.tick(), watch.tick()]);
  expect(passes.count).toBe(1);
  watch.start();
  await watch.stop();
});
