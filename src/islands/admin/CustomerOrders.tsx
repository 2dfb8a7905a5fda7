import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../domain/admin/lists.ts';
import { type CustomerSummary, orderCountText } from '../../domain/customers/customer.ts';
import type { Order, OrderList } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import { listCustomerOrders } from '../../stores/admin-customers.ts';
import OrderDetail from './OrderDetail.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Pager from './ui/Pager.tsx';
import { pagerButton } from './ui/styles.ts';

type Props = { customer: CustomerSummary; onBack: () => void };

/**
 * One customer: how to reach them, what they spent, and their orders newest first; an order opens
 * in the orders section's own detail, with its moves.
 */
export default function CustomerOrders({ customer, onBack }: Props) {
  const [list, setList] = useState<OrderList | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<Order | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (page: number) => {
      const ticket = ++latest.current;
      const result = await listCustomerOrders(customer.email, page);
      if (ticket !== latest.current) return;
      if (result.ok) {
        setList(result.data);
        setError('');
      } else setError(`Αποτυχία φόρτωσης παραγγελιών: ${result.error.message}`);
    },
    [customer.email],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  // Keyboard and screen-reader users land on the customer they opened, and back on them after an order.
  useEffect(() => {
    if (!selected) heading.current?.focus();
  }, [selected]);

  const page = list?.page ?? 1;
  if (selected)
    return (
      <OrderDetail
        order={selected}
        onBack={() => setSelected(null)}
        onChanged={() => void load(page)}
        onOpen={setSelected}
      />
    );

  return (
    <article aria-labelledby="customer-heading" className="grid gap-4" data-testid="customer-detail">
      <button type="button" onClick={onBack} className={`${pagerButton} w-fit`}>
        ← Πίσω στους πελάτες
      </button>
      <header className="grid gap-1">
        <h3 id="customer-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Πελάτης: {customer.name}
        </h3>
        <p className="flex flex-wrap gap-x-3 text-sm">
          <a href={`mailto:${customer.email}`} className="break-all underline">
            {customer.email}
          </a>
          <a href={`tel:${customer.phone}`} className="underline">
            {customer.phone}
          </a>
        </p>
        <p className="text-sm text-muted">
          {orderCountText(customer)} · Σύνολο αγορών {formatEuro(customer.spentCents)} (χωρίς τις ακυρωμένες)
        </p>
      </header>
      <ErrorAlert message={error} />
      {!list && !error && <p className="text-muted">Φόρτωση...</p>}
      {list && <CustomerOrderRows list={list} onSelect={setSelected} onPage={(next) => void load(next)} />}
    </article>
  );
}

function CustomerOrderRows(props: {
  list: OrderList;
  onSelect: (order: Order) => void;
  onPage: (page: number) => void;
}) {
  const { orders, page, pageCount } = props.list;
  return (
    <>
      <ul aria-label="Παραγγελίες του πελάτη" className="grid gap-2">
        {orders.map((order) => (
          <li key={order.id} data-testid="customer-order-row">
            <button
              type="button"
              onClick={() => props.onSelect(order)}
              className="grid w-full min-w-0 gap-1 rounded-md border border-line p-3 text-left hover:bg-mist sm:grid-cols-[8rem_1fr_auto_9rem] sm:items-center sm:gap-3"
            >
              <span className="font-bold">Παραγγελία {order.number}</span>
              <span className="text-sm text-muted">{formatDateTime(order.createdAt)}</span>
              <span className="font-semibold tabular-nums">{formatEuro(order.totalCents)}</span>
              <OrderStatusBadge status={order.status} />
            </button>
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <Pager
          label="Σελίδες παραγγελιών του πελάτη"
          page={page}
          pageCount={pageCount}
          onPage={props.onPage}
        />
      )}
    </>
  );
}
