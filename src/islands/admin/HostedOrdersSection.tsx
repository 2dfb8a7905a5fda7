import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../domain/admin/lists.ts';
import { financialStatusLabel, fulfillmentStatusLabel } from '../../domain/orders/hosted-orders.ts';
import type { HostedOrder } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { listHostedOrders } from '../../stores/admin-api.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';
import { pagerButton } from './ui/styles.ts';

/**
 * Collapsible 'Παραγγελίες' when a hosted checkout (Shopify) takes the orders: newest first,
 * read-only, each linking to the order in the provider's admin, where it is handled.
 */
export default function HostedOrdersSection({ provider }: { provider: string }) {
  const [open, setOpen] = useState(false);
  const [orders, setOrders] = useState<HostedOrder[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const latest = useRef(0);

  const load = useCallback(async (after: string | null) => {
    const ticket = ++latest.current;
    setLoading(true);
    const result = await listHostedOrders(after);
    if (ticket !== latest.current) return;
    setLoading(false);
    if (!result.ok) {
      setError(`Αποτυχία φόρτωσης παραγγελιών: ${result.error.message}`);
      return;
    }
    setError('');
    setOrders((current) => (after ? [...(current ?? []), ...result.data.orders] : result.data.orders));
    setNext(result.data.nextCursor);
  }, []);

  // Read again on every opening: orders arrive while the page is open.
  useEffect(() => {
    if (open) void load(null);
  }, [open, load]);

  return (
    <Section title="Παραγγελίες" look="bar" open={open} onToggle={setOpen}>
      {open && (
        <>
          <p className="text-sm text-muted">
            Οι παραγγελίες γίνονται στο {provider}. Η πληρωμή και η αποστολή διαχειρίζονται εκεί.
          </p>
          <ErrorAlert message={error} />
          {!orders && loading && <p className="text-muted">Φόρτωση...</p>}
          {orders && orders.length === 0 && <p className="text-muted">Δεν βρέθηκαν παραγγελίες.</p>}
          {orders && orders.length > 0 && (
            <ul aria-label="Λίστα παραγγελιών" aria-busy={loading} className="grid gap-2">
              {orders.map((order) => (
                <li
                  key={order.id}
                  data-testid="order-row"
                  className="grid gap-1 rounded-md border border-line p-3 sm:grid-cols-[7rem_1fr_auto_auto] sm:items-center sm:gap-3"
                >
                  <span className="font-bold">{order.number}</span>
                  <span className="min-w-0">
                    <span className="block truncate">{order.customerName ?? order.email ?? '—'}</span>
                    <span className="block text-sm text-muted">{formatDateTime(order.createdAt)}</span>
                  </span>
                  <span className="font-semibold tabular-nums">
                    {order.totalCents === null ? '—' : formatEuro(order.totalCents)}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span data-testid="order-status" className="rounded-full bg-mist px-2.5 py-0.5 font-bold">
                      {order.cancelled ? 'Ακυρωμένη' : financialStatusLabel(order.financialStatus)}
                    </span>
                    <span className="text-muted">{fulfillmentStatusLabel(order.fulfillmentStatus)}</span>
                    <a
                      href={order.adminUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold underline"
                    >
                      Άνοιγμα στο {provider}
                      <span className="sr-only"> (παραγγελία {order.number}, νέα καρτέλα)</span>
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {next && (
            <button
              type="button"
              className={`${pagerButton} w-fit`}
              disabled={loading}
              onClick={() => void load(next)}
            >
              Περισσότερες παραγγελίες
            </button>
          )}
        </>
      )}
    </Section>
  );
}
