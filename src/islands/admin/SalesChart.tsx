import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { PeriodTotal } from '../../domain/overview/figures.ts';
import { formatEuro } from '../../domain/text/money.ts';
import 'uplot/dist/uPlot.min.css';

type Day = { day: string } & PeriodTotal;

const HEIGHT = 260;

/**
 * Daily revenue (bars, €) and orders (line) with uPlot, loaded when the chart first shows, so
 * the library is in no storefront page and not in the dashboard's first load either. The same
 * figures are in a table for screen readers and for when the chart cannot draw.
 */
export default function SalesChart({ days }: { days: Day[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let gone = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
    import('uplot')
      .then(({ default: UPlot }) => {
        if (gone) return;
        const times = days.map((row) => Date.parse(`${row.day}T12:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: element.clientWidth,
            height: HEIGHT,
            // Its own legend is a wide table; the two colours are named below the chart instead.
            legend: { show: false },
            series: [
              {},
              {
                label: 'Έσοδα (€)',
                stroke: '#e11d48',
                fill: 'rgba(225, 29, 72, 0.25)',
                ...(UPlot.paths.bars ? { paths: UPlot.paths.bars({ size: [0.7, 40] }) } : {}),
                value: (_self, value) => (value === null ? '–' : formatEuro(Math.round(value * 100))),
                scale: 'euro',
              },
              { label: 'Παραγγελίες', stroke: '#0b0d12', width: 2, scale: 'orders' },
            ],
            axes: [
              {},
              { scale: 'euro', values: (_self, ticks) => ticks.map((tick) => `${tick} €`), size: 70 },
              { scale: 'orders', side: 1, grid: { show: false } },
            ],
            scales: { x: { time: true }, euro: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
          },
          [times, days.map((row) => row.revenueCents / 100), days.map((row) => row.orders)],
          element,
        );
        resize.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [days]);

  return (
    <figure className="grid min-w-0 gap-2">
      {/* min-w-0 and overflow-hidden: the layout sizes the chart, never the chart the layout. */}
      <div
        ref={box}
        aria-hidden="true"
        className="min-h-[260px] w-full min-w-0 overflow-hidden"
        data-testid="sales-chart"
      />
      <p aria-hidden="true" className="flex gap-4 text-sm text-muted">
        <span>
          <span className="text-accent">■</span> Έσοδα (€)
        </span>
        <span>
          <span className="text-ink">—</span> Παραγγελίες
        </span>
      </p>
      {failed ? (
        <p className="text-sm text-muted">Το γράφημα δεν φορτώθηκε· τα ποσά είναι στον πίνακα.</p>
      ) : null}
      <details>
        <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold">
          Τα ποσά ανά ημέρα
        </summary>
        <table className="mt-2 w-full text-sm" data-testid="sales-days">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Ημέρα</th>
              <th scope="col">Έσοδα</th>
              <th scope="col">Παραγγελίες</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((row) => (
              <tr key={row.day} className="border-t border-line">
                <td className="py-1">{row.day}</td>
                <td className="tabular-nums">{formatEuro(row.revenueCents)}</td>
                <td className="tabular-nums">{row.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
