import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { productPath } from '../../domain/catalog/product-id.ts';
import type { Overview, StockItem } from '../../domain/overview/figures.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { callApi } from '../../stores/api.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';
import { pagerButton } from './ui/styles.ts';

// The chart library loads only when the overview shows its chart (decision 088).
const SalesChart = lazy(() => import('./SalesChart.tsx'));

const ordersText = (count: number) => (count === 1 ? '1 παραγγελία' : `${count} παραγγελίες`);

/** The dashboard's first section: how the shop is doing, from its orders (or Shopify's), stock, mail and inbox. */
export default function OverviewSection() {
  const [open, setOpen] = useState(true);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState('');
  const [span, setSpan] = useState<30 | 90>(30);
  // One array per answer and span, so the chart is drawn again only when its days change.
  const days = useMemo(() => overview?.sales?.days.slice(-span) ?? [], [overview, span]);

  const load = useCallback(async () => {
    const result = await callApi<Overview>('GET', '/api/admin/overview');
    if (result.ok) {
      setOverview(result.data);
      setError('');
    } else setError(`Αποτυχία φόρτωσης της επισκόπησης: ${result.error.message}`);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Section title="Επισκόπηση" open={open} onToggle={setOpen}>
      <ErrorAlert message={error} />
      {!overview && !error ? <p className="text-muted">Φόρτωση...</p> : null}
      {overview ? (
        <div className="grid min-w-0 grid-cols-1 gap-6" data-testid="overview">
          <Figures overview={overview} />
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-bold">Έσοδα και παραγγελίες ανά ημέρα</h3>
              <div className="flex gap-2">
                {([30, 90] as const).map((days) => (
                  <button
                    key={days}
                    type="button"
                    aria-pressed={span === days}
                    onClick={() => setSpan(days)}
                    className={`${pagerButton} aria-pressed:bg-ink aria-pressed:text-paper`}
                  >
                    {days} ημέρες
                  </button>
                ))}
              </div>
            </div>
            <Suspense fallback={<p className="text-muted">Φόρτωση γραφήματος...</p>}>
              <SalesChart days={days} />
            </Suspense>
          </div>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <Ranking
              title="Best sellers (30 ημέρες)"
              testId="best-sellers"
              rows={overview.sales.bestSellers.map((row) => ({
                label: row.title,
                href: row.variantId ? productPath({ id: row.variantId }) : null,
                value: `${row.quantity} τεμ. · ${formatEuro(row.revenueCents)}`,
              }))}
            />
            <Ranking
              title="Πωλήσεις ανά άθλημα (30 ημέρες)"
              testId="sales-by-sport"
              rows={overview.sales.bySport.map((row) => ({
                label: row.label,
                href: null,
                value: `${formatEuro(row.revenueCents)} · ${row.quantity} τεμ.`,
              }))}
            />
          </div>
          {overview.alerts.products.length > 0 ? (
            <Ranking
              title="Οι πιο περιζήτητες εξαντλημένες κάρτες"
              testId="most-wanted"
              rows={overview.alerts.products.map((row) => ({
                label: row.title,
                href: row.path,
                value: `${row.waiting} σε αναμονή`,
              }))}
            />
          ) : null}
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <StockList title="Εξαντλημένα" testId="sold-out" list={overview.stock.soldOut} />
            <StockList
              title={`Χαμηλό απόθεμα (έως ${overview.stock.threshold})`}
              testId="low-stock"
              list={overview.stock.low}
            />
          </div>
        </div>
      ) : null}
    </Section>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const { sales, mail, messages } = overview;
  const tiles: Array<{ label: string; value: string; note?: string; id: string }> = [];
  if (sales) {
    tiles.push({ id: 'new-orders', label: 'Νέες παραγγελίες', value: String(sales.newOrders) });
    for (const [id, label] of [
      ['today', 'Έσοδα σήμερα'],
      ['week', 'Αυτή την εβδομάδα'],
      ['month', 'Αυτόν τον μήνα'],
    ] as const)
      tiles.push({
        id,
        label,
        value: formatEuro(sales.totals[id].revenueCents),
        note: ordersText(sales.totals[id].orders),
      });
  }
  tiles.push({
    id: 'mail',
    label: 'Mail σε αναμονή',
    value: String(mail.pending),
    note: `${mail.failed} απέτυχαν`,
  });
  tiles.push({ id: 'unread', label: 'Αδιάβαστα μηνύματα', value: String(messages.unread) });
  tiles.push({ id: 'waiting', label: 'Αναμένουν επαναφορά', value: String(overview.alerts.waiting) });
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.id} className="rounded-card bg-mist p-3" data-testid={`figure-${tile.id}`}>
          <dt className="text-sm text-muted">{tile.label}</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{tile.value}</dd>
          {tile.note ? <dd className="text-sm text-muted">{tile.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

type Row = { label: string; href: string | null; value: string };

function Ranking({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2" data-testid={testId}>
      <h3 className="font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Καμία πώληση ακόμη.</p>
      ) : (
        <ol className="grid grid-cols-1 gap-1 text-sm">
          {rows.map((row) => (
            <li
              key={`${row.label}-${row.href}`}
              className="flex justify-between gap-3 border-b border-line py-1"
            >
              {row.href ? (
                <a href={row.href} className="min-w-0 truncate underline underline-offset-2">
                  {row.label}
                </a>
              ) : (
                <span className="min-w-0 truncate">{row.label}</span>
              )}
              <span className="shrink-0 tabular-nums">{row.value}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StockList({
  title,
  list,
  testId,
}: {
  title: string;
  list: { count: number; items: StockItem[] };
  testId: string;
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2" data-testid={testId}>
      <h3 className="font-bold">
        {title}: {list.count}
      </h3>
      {list.items.length === 0 ? (
        <p className="text-sm text-muted">Κανένα προϊόν.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 text-sm">
          {list.items.map((item) => (
            <li key={item.variantId} className="flex justify-between gap-3 border-b border-line py-1">
              <a
                href={productPath({ id: item.variantId })}
                className="min-w-0 truncate underline underline-offset-2"
              >
                {item.title}
              </a>
              <span className="shrink-0 tabular-nums">{item.available} τεμ.</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
