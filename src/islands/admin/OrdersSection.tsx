import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CANCEL_ORDER_CONFIRM,
  formatDateTime,
  hasNext,
  hasPrevious,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
} from '../../domain/admin/lists.ts';
import { DELIVERY_LABELS, PAYMENT_LABELS } from '../../domain/orders/checkout-form.ts';
import {
  ORDER_TRANSITIONS,
  type Order,
  type OrderList,
  type OrderStatus,
} from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { getOrder, listOrders, setOrderStatus } from '../../stores/admin-api.ts';
import OrdersShell from './OrdersShell.tsx';

type Filter = OrderStatus | 'all';
const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

const BADGES: Record<OrderStatus, string> = {
  pending: 'bg-mist text-ink',
  paid: 'bg-success text-paper',
  shipped: 'bg-ink text-paper',
  cancelled: 'bg-danger text-paper',
};

const base = 'min-h-11 rounded-full border px-4 font-semibold disabled:opacity-50';
const button = `${base} border-line hover:bg-mist`;
const ACTION_BUTTONS: Record<Exclude<OrderStatus, 'pending'>, string> = {
  paid: `${base} border-ink bg-ink text-paper hover:bg-ink-soft`,
  shipped: `${base} border-ink bg-ink text-paper hover:bg-ink-soft`,
  cancelled: `${base} border-danger text-danger hover:bg-mist`,
};

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-bold ${BADGES[status]}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** Collapsible 'Παραγγελίες': newest first, filtered by status, with a detail view that moves an order on. */
export default function OrdersSection() {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [list, setList] = useState<OrderList | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<Order | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (status: Filter, page: number) => {
    const ticket = ++latest.current;
    setLoading(true);
    const result = await listOrders(status, page);
    if (ticket !== latest.current) return;
    setLoading(false);
    if (result.ok) {
      setList(result.data);
      setError('');
    } else {
      setError(`Αποτυχία φόρτωσης παραγγελιών: ${result.error.message}`);
    }
  }, []);

  // Read when first opened, and again on every opening, since orders arrive while the page is open.
  useEffect(() => {
    if (open) void load(filter, 1);
  }, [open, filter, load]);

  const page = list?.page ?? 1;
  const changed = (order: Order) => {
    setSelected(order);
    void load(filter, page);
  };

  return (
    <OrdersShell open={open} onToggle={() => setOpen(!open)}>
      {selected ? (
        <OrderDetail order={selected} onBack={() => setSelected(null)} onChanged={changed} />
      ) : (
        <>
          <label className="grid gap-1 text-sm font-semibold sm:w-64">
            Κατάσταση
            <select
              value={filter}
              onChange={(event) => setFilter(event.target.value as Filter)}
              className="min-h-11 rounded-md border border-line bg-paper px-3 font-normal"
            >
              <option value="all">Όλες</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          {error && (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          )}
          {!list && loading && <p className="text-muted">Φόρτωση...</p>}
          {list && list.total === 0 && <p className="text-muted">Δεν βρέθηκαν παραγγελίες.</p>}
          {list && list.orders.length > 0 && (
            <ul aria-label="Λίστα παραγγελιών" aria-busy={loading} className="grid gap-2">
              {list.orders.map((order) => (
                <li key={order.id} data-testid="order-row">
                  <button
                    type="button"
                    onClick={() => setSelected(order)}
                    aria-label={`Παραγγελία ${order.number}, ${ORDER_STATUS_LABELS[order.status]}`}
                    className="grid w-full gap-1 rounded-md border border-line p-3 text-left hover:bg-mist sm:grid-cols-[8rem_1fr_auto_7rem] sm:items-center sm:gap-3"
                  >
                    <span className="font-bold">{order.number}</span>
                    <span className="min-w-0">
                      <span className="block truncate">{order.customer.name}</span>
                      <span className="block text-sm text-muted">{formatDateTime(order.createdAt)}</span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatEuro(order.totalCents)}</span>
                    <StatusBadge status={order.status} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {list && list.pageCount > 1 && (
            <nav aria-label="Σελίδες παραγγελιών" className="flex items-center justify-between gap-2">
              <button
                type="button"
                className={button}
                disabled={!hasPrevious(page) || loading}
                onClick={() => void load(filter, page - 1)}
              >
                Προηγούμενη
              </button>
              <span className="text-sm text-muted">
                Σελίδα {page} από {list.pageCount}
              </span>
              <button
                type="button"
                className={button}
                disabled={!hasNext(page, list.pageCount) || loading}
                onClick={() => void load(filter, page + 1)}
              >
                Επόμενη
              </button>
            </nav>
          )}
        </>
      )}
    </OrdersShell>
  );
}

type DetailProps = { order: Order; onBack: () => void; onChanged: (order: Order) => void };

/** One order: what was bought, where it goes, how it is paid, who to call; and its next statuses. */
function OrderDetail({ order: initial, onBack, onChanged }: DetailProps) {
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

  const { delivery, customer } = order;
  const next = ORDER_TRANSITIONS[order.status].filter(
    (status): status is Exclude<OrderStatus, 'pending'> => status !== 'pending',
  );
  return (
    <article aria-labelledby="order-detail-heading" className="grid gap-4" data-testid="order-detail">
      <button type="button" onClick={onBack} className={`${button} w-fit`}>
        ← Πίσω στις παραγγελίες
      </button>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id="order-detail-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Παραγγελία {order.number}
        </h3>
        <StatusBadge status={order.status} />
        <span className="text-sm text-muted">{formatDateTime(order.createdAt)}</span>
      </header>

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

      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
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
