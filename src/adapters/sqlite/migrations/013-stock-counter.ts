/**
 * A counter of stock changes (decision 009, amended): a sale or a cancellation changes
 * `inventory_levels` and moves no catalogue version, so answers that show stock could not be kept
 * per catalogue version alone. The storefront's content version leaves this counter out: a sale
 * needs no rebuild (the islands show live stock).
 */
export const up = [
  `INSERT INTO counters (name, value) VALUES ('stock', 0)`,
  ...['INSERT', 'UPDATE', 'DELETE'].map(
    (event) =>
      `CREATE TRIGGER inventory_levels_${event.toLowerCase()}_bumps_stock AFTER ${event} ON inventory_levels
       BEGIN UPDATE counters SET value = value + 1 WHERE name = 'stock'; END`,
  ),
];
