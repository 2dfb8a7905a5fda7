import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime, hasNext, hasPrevious, ORDER_STATUS_LABELS } from '../../domain/admin/lists.ts';
import type { Order, OrderList, OrderStatus } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { listOrders } from '../../stores/admin-api.ts';
import OrderDetail from './OrderDetail.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';
import { pagerButton } from './ui/styles.ts';

type Filter = OrderStatus | 'all';
const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

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

  // A closed section holds nothing: opening it again reads afresh.
  const body = selected ? (
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
      <ErrorAlert message={error} />
      {!list && loading && <p className="text-muted">Φόρτωση...</p>}
      {list && list.total === 0 && <p className="text-muted">Δεν βρέθηκαν παραγγελίες.</p>}
      {list && list.orders.length > 0 && <OrderRows list={list} loading={loading} onSelect={setSelected} />}
      {list && list.pageCount > 1 && (
        <nav aria-label="Σελίδες παραγγελιών" className="flex items-center justify-between gap-2">
          <button
            type="button"
            className={pagerButton}
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
            className={pagerButton}
            disabled={!hasNext(page, list.pageCount) || loading}
            onClick={() => void load(filter, page + 1)}
          >
            Επόμενη
          </button>
        </nav>
      )}
    </>
  );

  return (
    <Section title="Παραγγελίες" look="bar" open={open} onToggle={setOpen}>
      {open && body}
    </Section>
  );
}

function OrderRows({
  list,
  loading,
  onSelect,
}: {
  list: OrderList;
  loading: boolean;
  onSelect: (order: Order) => void;
}) {
  return (
    <ul aria-label="Λίστα παραγγελιών" aria-busy={loading} className="grid gap-2">
      {list.orders.map((order) => (
        <li key={order.id} data-testid="order-row">
          <button
            type="button"
            onClick={() => onSelect(order)}
            aria-label={`Παραγγελία ${order.number}, ${ORDER_STATUS_LABELS[order.status]}`}
            className="grid w-full gap-1 rounded-md border border-line p-3 text-left hover:bg-mist sm:grid-cols-[8rem_1fr_auto_7rem] sm:items-center sm:gap-3"
          >
            <span className="font-bold">{order.number}</span>
            <span className="min-w-0">
              <span className="block truncate">{order.customer.name}</span>
              <span className="block text-sm text-muted">{formatDateTime(order.createdAt)}</span>
            </span>
            <span className="font-semibold tabular-nums">{formatEuro(order.totalCents)}</span>
            <OrderStatusBadge status={order.status} />
          </button>
        </li>
      ))}
    </ul>
  );
}
