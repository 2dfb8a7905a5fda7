import { useEffect, useRef, useState } from 'react';
import { CANCEL_ORDER_CONFIRM, formatDateTime, ORDER_ACTION_LABELS } from '../../domain/admin/lists.ts';
import { DELIVERY_LABELS, PAYMENT_LABELS } from '../../domain/orders/checkout-form.ts';
import { ORDER_TRANSITIONS, type Order, type OrderStatus } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { getOrder, setOrderStatus } from '../../stores/admin-api.ts';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import { pagerButton } from './ui/styles.ts';

const base = 'min-h-11 rounded-full border px-4 font-semibold disabled:opacity-50';
const ACTION_BUTTONS: Record<Exclude<OrderStatus, 'pending'>, string> = {
  paid: `${base} border-ink bg-ink text-paper hover:bg-ink-soft`,
  shipped: `${base} border-ink bg-ink text-paper hover:bg-ink-soft`,
  cancelled: `${base} border-danger text-danger hover:bg-mist`,
};

type Props = { order: Order; onBack: () => void; onChanged: (order: Order) => void };

/** One order: what was bought, where it goes, how it is paid, who to call; and its next statuses. */
export default function OrderDetail({ order: initial, onBack, onChanged }: Props) {
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // The list may be minutes old: read the order again, and move focus to it for keyboard users.
  useEffect(() => {
    heading.current?.focus();
    let stale = false;
    void getOrder(initial.id).then((result) => {
      if (stale) return;
      if (result.ok) setOrder(result.data.order);
      else setError(`Αποτυχία φόρτωσης παραγγελίας: ${result.error.message}`);
    });
    return () => {
      stale = true;
    };
  }, [initial.id]);

  async function move(status: Exclude<OrderStatus, 'pending'>) {
    if (status === 'cancelled' && !window.confirm(CANCEL_ORDER_CONFIRM)) return;
    setBusy(true);
    setError('');
    const result = await setOrderStatus(order.id, status);
    setBusy(false);
    if (!result.ok) {
      setError(`Σφάλμα αλλαγής κατάστασης: ${result.error.message}`);
      return;
    }
    setOrder(result.data.order);
    onChanged(result.data.order);
  }

  const next = ORDER_TRANSITIONS[order.status].filter(
    (status): status is Exclude<OrderStatus, 'pending'> => status !== 'pending',
  );
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
      </header>
      <OrderLines order={order} />
      <OrderFacts order={order} />
      <ErrorAlert message={error} />
      {next.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {next.map((status) => (
            <button
              key={status}
              type="button"
              disabled={busy}
              onClick={() => void move(status)}
              className={ACTION_BUTTONS[status]}
            >
              {ORDER_ACTION_LABELS[status]}
            </button>
          ))}
        </div>
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
