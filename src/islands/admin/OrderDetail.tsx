import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../domain/admin/lists.ts';
import { DELIVERY_LABELS, PAYMENT_LABELS } from '../../domain/orders/checkout-form.ts';
import { STATUS_LABELS } from '../../domain/orders/lifecycle.ts';
import type { Order } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { getOrder, setOrderStatus, undoOrderStatus } from '../../stores/admin-api.ts';
import OrderHistory from './OrderHistory.tsx';
import OrderMoves from './OrderMoves.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { pagerButton } from './ui/styles.ts';

type Props = {
  order: Order;
  onBack: () => void;
  onChanged: (order: Order) => void;
  /** Opens another order (the shopper's other orders). */
  onOpen: (order: Order) => void;
};

/**
 * One order: what was bought, where it goes, how it is paid, who to call, what happened so far;
 * its next moves, its packing slip, and the same shopper's other orders.
 */
export default function OrderDetail({ order: initial, onBack, onChanged, onOpen }: Props) {
  const [order, setOrder] = useState(initial);
  const [others, setOthers] = useState<Order[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // The list may be minutes old: read the order again, and move focus to it for keyboard users.
  useEffect(() => {
    heading.current?.focus();
    let stale = false;
    void getOrder(initial.id).then((result) => {
      if (stale) return;
      if (result.ok) {
        setOrder(result.data.order);
        setOthers(result.data.others);
      } else setError(`Αποτυχία φόρτωσης παραγγελίας: ${result.error.message}`);
    });
    return () => {
      stale = true;
    };
  }, [initial.id]);

  async function apply(change: () => ReturnType<typeof undoOrderStatus>) {
    setBusy(true);
    setError('');
    const result = await change();
    setBusy(false);
    if (!result.ok) {
      const field = Object.values(result.error.fields)[0];
      setError(`Σφάλμα αλλαγής κατάστασης: ${field ?? result.error.message}`);
      return;
    }
    setOrder(result.data.order);
    onChanged(result.data.order);
  }

  return (
    <article aria-labelledby="order-detail-heading" className="grid gap-4" data-testid="order-detail">
      <button type="button" onClick={onBack} className={`${pagerButton} w-fit`}>
        ← Πίσω στις παραγγελίες
      </button>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id="order-detail-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Παραγγελία {order.number}
        </h3>
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-muted">{formatDateTime(order.createdAt)}</span>
        <a
          href={`/admin-dashboard/packing-slips?ids=${encodeURIComponent(order.id)}`}
          target="_blank"
          rel="noopener"
          className="text-sm font-semibold underline"
        >
          Δελτίο συσκευασίας
        </a>
      </header>
      <OrderLines order={order} />
      <OrderFacts order={order} />
      <OrderHistory order={order} />
      <ErrorAlert message={error} />
      <OrderMoves
        // A new status starts the moves afresh (a shipment form closes once the order ships).
        key={order.status}
        order={order}
        busy={busy}
        onMove={(move) => void apply(() => setOrderStatus(order.id, move))}
        onUndo={() => void apply(() => undoOrderStatus(order.id))}
      />
      {others.length > 0 && (
        <section aria-label="Άλλες παραγγελίες του πελάτη" className="grid gap-1 text-sm">
          <h4 className="font-semibold">Άλλες παραγγελίες του ίδιου email</h4>
          <ul className="grid gap-1">
            {others.map((other) => (
              <li key={other.id}>
                <button type="button" className="underline" onClick={() => onOpen(other)}>
                  {other.number}
                </button>{' '}
                · {formatDateTime(other.createdAt)} · {formatEuro(other.totalCents)} ·{' '}
                {STATUS_LABELS[other.status]}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="Προϊόντα παραγγελίας">
      {order.lines.map((line) => (
        <li key={`${line.variantId ?? ''}|${line.title}`} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">
            {line.quantity} × {line.title}
          </span>
          <span className="shrink-0 tabular-nums">{formatEuro(line.quantity * line.unitPriceCents)}</span>
        </li>
      ))}
      <li className="flex justify-between gap-3 border-t border-line pt-1 text-muted">
        <span>Μεταφορικά</span>
        <span className="tabular-nums">{formatEuro(order.shippingCents)}</span>
      </li>
      <li className="flex justify-between gap-3 font-bold">
        <span>Σύνολο</span>
        <span className="tabular-nums">{formatEuro(order.totalCents)}</span>
      </li>
    </ul>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { delivery, customer } = order;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold">Παράδοση</dt>
        <dd>{DELIVERY_LABELS[delivery.method]}</dd>
        {delivery.method === 'courier' && (
          <dd className="break-words">
            {delivery.street}, {delivery.postalCode} {delivery.city}
            {delivery.region ? `, ${delivery.region}` : ''}
          </dd>
        )}
      </div>
      <div>
        <dt className="font-semibold">Πληρωμή</dt>
        <dd>{PAYMENT_LABELS[order.payment]}</dd>
      </div>
      <div>
        <dt className="font-semibold">Επικοινωνία</dt>
        <dd>{customer.name}</dd>
        <dd>
          <a href={`mailto:${customer.email}`} className="break-all underline">
            {customer.email}
          </a>
        </dd>
        <dd>
          <a href={`tel:${customer.phone}`} className="underline">
            {customer.phone}
          </a>
        </dd>
      </div>
      <div>
        <dt className="font-semibold">Σημειώσεις</dt>
        <dd className="break-words whitespace-pre-wrap">{order.notes || '—'}</dd>
      </div>
    </dl>
  );
}
