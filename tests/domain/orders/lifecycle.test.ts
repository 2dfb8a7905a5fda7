import { describe, expect, it } from 'vitest';
import {
  canMove,
  isFinal,
  nextStatuses,
  STATUS_LABELS,
  statusPath,
  undoTarget,
} from '../../../src/domain/orders/lifecycle.ts';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../src/domain/orders/order.ts';

type Route = Pick<Order, 'delivery' | 'payment'>;
const COURIER = {
  method: 'courier',
  street: 'Οδός 1',
  city: 'Αθήνα',
  postalCode: '10431',
  region: '',
} as const;
const ROUTES: Record<string, Route> = {
  'courier, bank transfer': { delivery: COURIER, payment: 'bank_transfer' },
  'courier, cash on delivery': { delivery: COURIER, payment: 'cash_on_delivery' },
  'pickup, bank transfer': { delivery: { method: 'pickup' }, payment: 'bank_transfer' },
  'pickup, paid at pickup': { delivery: { method: 'pickup' }, payment: 'cash_on_delivery' },
};

/** Every move allowed from every status, for one route: the lifecycle's whole table. */
const table = (route: Route) =>
  Object.fromEntries(ORDER_STATUSES.map((status) => [status, nextStatuses({ ...route, status })]));

describe('the order lifecycle (decision 082)', () => {
  it('walks each route through its own statuses', () => {
    expect(statusPath(ROUTES['courier, bank transfer'] as Route)).toEqual(['pending', 'paid', 'shipped']);
    expect(statusPath(ROUTES['courier, cash on delivery'] as Route)).toEqual(['pending', 'shipped']);
    expect(statusPath(ROUTES['pickup, bank transfer'] as Route)).toEqual([
      'pending',
      'paid',
      'ready_for_pickup',
      'collected',
    ]);
    expect(statusPath(ROUTES['pickup, paid at pickup'] as Route)).toEqual([
      'pending',
      'ready_for_pickup',
      'collected',
    ]);
  });

  it('allows exactly these moves, from every status, on every route', () => {
    expect(table(ROUTES['courier, bank transfer'] as Route)).toEqual({
      pending: ['paid', 'cancelled'],
      paid: ['shipped', 'cancelled'],
      shipped: [],
      ready_for_pickup: ['cancelled'],
      collected: [],
      cancelled: [],
    });
    expect(table(ROUTES['courier, cash on delivery'] as Route)).toEqual({
      pending: ['shipped', 'cancelled'],
      paid: ['cancelled'],
      shipped: [],
      ready_for_pickup: ['cancelled'],
      collected: [],
      cancelled: [],
    });
    expect(table(ROUTES['pickup, bank transfer'] as Route)).toEqual({
      pending: ['paid', 'cancelled'],
      paid: ['ready_for_pickup', 'cancelled'],
      shipped: [],
      ready_for_pickup: ['collected', 'cancelled'],
      collected: [],
      cancelled: [],
    });
    expect(table(ROUTES['pickup, paid at pickup'] as Route)).toEqual({
      pending: ['ready_for_pickup', 'cancelled'],
      paid: ['cancelled'],
      shipped: [],
      ready_for_pickup: ['collected', 'cancelled'],
      collected: [],
      cancelled: [],
    });
  });

  it('never offers a status outside the route, a step back, or pending', () => {
    for (const route of Object.values(ROUTES))
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES) {
          const allowed = canMove({ ...route, status: from }, to);
          if (!allowed) continue;
          const path = statusPath(route);
          expect(to === 'cancelled' || path.indexOf(to) === path.indexOf(from) + 1, `${from} -> ${to}`).toBe(
            true,
          );
          expect(to).not.toBe('pending');
        }
  });

  it('is final once shipped, collected or cancelled', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['shipped', 'collected', 'cancelled']);
  });

  it('undoes a step back along the path, never a cancellation', () => {
    const pickup = ROUTES['pickup, bank transfer'] as Route;
    expect(undoTarget(pickup, 'pending', 'paid')).toBe('pending');
    expect(undoTarget(pickup, 'paid', 'ready_for_pickup')).toBe('paid');
    expect(undoTarget(pickup, 'ready_for_pickup', 'collected')).toBe('ready_for_pickup');
    expect(undoTarget(pickup, 'paid', 'cancelled')).toBeNull();
    expect(undoTarget(ROUTES['courier, cash on delivery'] as Route, 'pending', 'shipped')).toBe('pending');
    // A pair that is not a step of the route is not a move to undo.
    expect(undoTarget(pickup, 'pending', 'ready_for_pickup')).toBeNull();
    const statuses: OrderStatus[] = [...ORDER_STATUSES];
    for (const route of Object.values(ROUTES))
      for (const from of statuses)
        for (const to of statuses) {
          const target = undoTarget(route, from, to);
          if (target !== null) expect(canMove({ ...route, status: from }, to), `${from} -> ${to}`).toBe(true);
        }
  });

  it('names every status in Greek', () => {
    expect(STATUS_LABELS).toEqual({
      pending: 'Σε αναμονή',
      paid: 'Πληρώθηκε',
      shipped: 'Απεστάλη',
      ready_for_pickup: 'Έτοιμη για παραλαβή',
      collected: 'Παραλήφθηκε',
      cancelled: 'Ακυρώθηκε',
    });
  });
});
