import { useState } from 'react';
import { formatDateTime } from '../../domain/admin/lists.ts';
import { STATUS_LABELS } from '../../domain/orders/lifecycle.ts';
import { ORDER_STATUSES, type Order, type OrderList, type OrderStatus } from '../../domain/orders/order.ts';
import { formatEuro } from '../../domain/text/money.ts';
import OrderDetail from './OrderDetail.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Pager from './ui/Pager.tsx';
import Section from './ui/Section.tsx';
import { pagerButton } from './ui/styles.ts';
import { type OrderFilter, useOrders } from './useOrders.ts';

/**
 * Collapsible 'Παραγγελίες': newest first, searched by number, name, email or phone, filtered by
 * status, with the count of new (pending) orders on its heading, packing slips for the orders
 * picked, and a detail view that moves an order along its lifecycle (decision 082).
 */
export default function OrdersSection() {
  const { open, setOpen, filter, setFilter, search, setSearch, list, newOrders, loading, error, loadPage } =
    useOrders();
  const [selected, setSelected] = useState<Order | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  const page = list?.page ?? 1;
  const changed = (order: Order) => {
    setSelected(order);
    loadPage(page);
  };
  const togglePick = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const title = (
    <span className="flex items-center gap-2">
      Παραγγελίες
      {newOrders !== null && newOrders > 0 && (
        <span
          data-testid="new-orders"
          className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-paper"
        >
          {newOrders} {newOrders === 1 ? 'νέα' : 'νέες'}
        </span>
      )}
    </span>
  );

  const body = selected ? (
    <OrderDetail order={selected} onBack={() => setSelected(null)} onChanged={changed} onOpen={setSelected} />
  ) : (
    <>
      <OrderFilters
        filter={filter}
        search={search}
        counts={list?.counts ?? null}
        onFilter={setFilter}
        onSearch={setSearch}
      />
      <ErrorAlert message={error} />
      {!list && loading && <p className="text-muted">Φόρτωση...</p>}
      {list && list.total === 0 && <p className="text-muted">Δεν βρέθηκαν παραγγελίες.</p>}
      {list && list.orders.length > 0 && (
        <OrderRows list={list} loading={loading} picked={picked} onPick={togglePick} onSelect={setSelected} />
      )}
      {picked.size > 0 && (
        <a
          href={`/admin-dashboard/packing-slips?ids=${encodeURIComponent([...picked].join(','))}`}
          target="_blank"
          rel="noopener"
          className={`${pagerButton} w-fit`}
        >
          Δελτία συσκευασίας ({picked.size})
        </a>
      )}
      {list && list.pageCount > 1 && <OrdersPager list={list} loading={loading} onPage={loadPage} />}
    </>
  );

  return (
    <Section title={title} look="bar" open={open} onToggle={setOpen}>
      {open && body}
    </Section>
  );
}

function OrderFilters(props: {
  filter: OrderFilter;
  search: string;
  counts: Record<OrderStatus, number> | null;
  onFilter: (filter: OrderFilter) => void;
  onSearch: (search: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
      <label className="grid gap-1 text-sm font-semibold">
        Αναζήτηση (αριθμός, όνομα, email ή τηλέφωνο)
        <input
          type="search"
          value={props.search}
          maxLength={100}
          onChange={(event) => props.onSearch(event.target.value)}
          className="min-h-11 rounded-md border border-line px-3 font-normal"
        />
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Κατάσταση
        <select
          value={props.filter}
          onChange={(event) => props.onFilter(event.target.value as OrderFilter)}
          className="min-h-11 rounded-md border border-line bg-paper px-3 font-normal"
        >
          <option value="all">Όλες</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
              {props.counts ? ` (${props.counts[status]})` : ''}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function OrderRows(props: {
  list: OrderList;
  loading: boolean;
  picked: ReadonlySet<string>;
  onPick: (id: string) => void;
  onSelect: (order: Order) => void;
}) {
  return (
    <ul aria-label="Λίστα παραγγελιών" aria-busy={props.loading} className="grid gap-2">
      {props.list.orders.map((order) => (
        <li key={order.id} data-testid="order-row" className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={props.picked.has(order.id)}
            onChange={() => props.onPick(order.id)}
            aria-label={`Επιλογή παραγγελίας ${order.number} για δελτίο συσκευασίας`}
            className="size-5 shrink-0"
          />
          <button
            type="button"
            onClick={() => props.onSelect(order)}
            className="grid min-w-0 grow gap-1 rounded-md border border-line p-3 text-left hover:bg-mist sm:grid-cols-[8rem_1fr_auto_9rem] sm:items-center sm:gap-3"
          >
            {/* Named by what it shows (axe's label-in-name), led by "Παραγγελία #number". */}
            <span className="font-bold">
              <span className="sr-only">Παραγγελία </span>
              {order.number}
            </span>
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

function OrdersPager(props: { list: OrderList; loading: boolean; onPage: (page: number) => void }) {
  const { page, pageCount } = props.list;
  return (
    <Pager
      label="Σελίδες παραγγελιών"
      page={page}
      pageCount={pageCount}
      loading={props.loading}
      onPage={props.onPage}
    />
  );
}
