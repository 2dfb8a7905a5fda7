import { categoryGroup } from '../../domain/catalog/sports.ts';
import { dailySeries, type Overview, salesBySport } from '../../domain/overview/figures.ts';
import { daysBetween, localDay, offsetSpans, periodStarts } from '../../domain/overview/shop-time.ts';
import { storefrontCategories } from '../catalog/storefront-data.ts';
import type { Container } from '../container.ts';
import { stockAlertOverview } from '../stock-alerts/overview.ts';

/** Up to this many products in each stock list; the counts say how many there are in all. */
const STOCK_LIST_LIMIT = 10;

/** Everything the overview shows, read side by side; `now` is a seam for tests. */
export async function readOverview(container: Container, now = new Date()): Promise<Overview> {
  const { overview, mail, contact, settings } = container;
  const periods = periodStarts(now);
  const threshold = (await settings.get()).stock.lowStockThreshold;
  const [figures, stock, backlog, inbox, categories, alerts] = await Promise.all([
    overview.salesFigures({ now, periods, spans: offsetSpans(periods.days90, now) }),
    overview.stockWatch(threshold, STOCK_LIST_LIMIT),
    mail.backlog(),
    contact.list({ page: 1, pageSize: 1 }),
    storefrontCategories(container),
    stockAlertOverview(container),
  ]);
  const sportOf = new Map(
    categories.flatMap((category) =>
      category.teams.map((team) => [team.name.toLowerCase(), categoryGroup(category.id)?.sport ?? null]),
    ),
  );
  return {
    sales: {
      newOrders: figures.newOrders,
      totals: figures.totals,
      days: dailySeries(daysBetween(localDay(periods.days90), localDay(now)), figures.daily),
      bestSellers: figures.bestSellers,
      bySport: salesBySport(figures.byTeam, (team) => sportOf.get(team.toLowerCase()) ?? null),
    },
    stock: { ...stock, threshold },
    mail: { pending: backlog.pending, failed: backlog.failed },
    messages: { unread: inbox.unread },
    alerts,
  };
}
