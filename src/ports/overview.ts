import type { SalesFigures, SalesWindow, StockWatch } from '../domain/overview/figures.ts';

/** The dashboard overview's figures, summed where the orders and the stock are (issue 33). */
export interface OverviewPort {
  /** One query per figure, over the window's instants (the adapter knows no time zones). */
  salesFigures(window: SalesWindow): Promise<SalesFigures>;
  /** Sold-out products and those with 1 to `threshold` left; up to `limit` of each, newest first. */
  stockWatch(threshold: number, limit: number): Promise<StockWatch>;
}
