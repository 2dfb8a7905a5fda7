import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderList, OrderStatus } from '../../domain/orders/order.ts';
import { listOrders, orderCounts } from '../../stores/admin-api.ts';

/** The orders list's status filter: one status, or all of them. */
export type OrderFilter = OrderStatus | 'all';
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The orders section's list: open or not, its filter and search, the page read and the count of new
 * (pending) orders. Read on every opening and every change, since orders arrive meanwhile; an answer
 * to an older read is ignored.
 */
export function useOrders() {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [search, setSearch] = useState('');
  const [list, setList] = useState<OrderList | null>(null);
  const [newOrders, setNewOrders] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const latest = useRef(0);

  const load = useCallback(async (status: OrderFilter, page: number, text: string) => {
    const ticket = ++latest.current;
    setLoading(true);
    const result = await listOrders(status, page, text);
    if (ticket !== latest.current) return;
    setLoading(false);
    if (result.ok) {
      setList(result.data);
      setNewOrders(result.data.counts.pending);
      setError('');
    } else {
      setError(`Αποτυχία φόρτωσης παραγγελιών: ${result.error.message}`);
    }
  }, []);

  // The badge is there before the section opens: the owner sees at once that orders wait.
  useEffect(() => {
    void orderCounts().then((result) => {
      if (result.ok) setNewOrders(result.data.counts.pending);
    });
  }, []);

  // Read on every opening and every change of filter or search, since orders arrive meanwhile.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(filter, 1, search), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [open, filter, search, load]);

  /** Reads a page again with the filter and search as they are now. */
  const loadPage = (page: number) => void load(filter, page, search);

  return { open, setOpen, filter, setFilter, search, setSearch, list, newOrders, loading, error, loadPage };
}
