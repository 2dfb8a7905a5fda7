import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  countsAsSale,
  customerFromRow,
  customerListSearch,
  customerRangeText,
  orderCountText,
  SALE_STATUSES,
} from '../../../src/domain/customers/customer.ts';
import { ORDER_STATUSES } from '../../../src/domain/orders/order.ts';

describe('what counts as spent (decision 086)', () => {
  it('is every status but cancelled, pending included', () => {
    expect(SALE_STATUSES).toEqual(ORDER_STATUSES.filter((status) => status !== 'cancelled'));
    expect(countsAsSale('pending')).toBe(true);
    expect(countsAsSale('collected')).toBe(true);
    expect(countsAsSale('cancelled')).toBe(false);
  });
});

describe('customerFromRow', () => {
  it('maps the aggregate row, counts that come back as bigint or an empty sum included', () => {
    expect(
      customerFromRow({
        email: 'Maria@Example.gr',
        customer_name: 'Μαρία',
        phone: '6911111111',
        order_count: 3n,
        cancelled_count: 1n,
        spent_cents: null,
        last_order_at: '2026-11-27T10:00:00.000Z',
      }),
    ).toEqual({
      email: 'Maria@Example.gr',
      name: 'Μαρία',
      phone: '6911111111',
      orderCount: 3,
      cancelledCount: 1,
      spentCents: 0,
      lastOrderAt: '2026-11-27T10:00:00.000Z',
    });
  });
});

describe("the list's query and texts", () => {
  it('builds the query string, leaving an empty search out', () => {
    expect(customerListSearch({ search: '  ', sort: 'recent', page: 1, pageSize: 20 })).toBe(
      '?sort=recent&page=1&pageSize=20',
    );
    expect(customerListSearch({ search: ' Μαρία & Νίκος ', sort: 'spent', page: 2, pageSize: 10 })).toBe(
      '?search=%CE%9C%CE%B1%CF%81%CE%AF%CE%B1+%26+%CE%9D%CE%AF%CE%BA%CE%BF%CF%82&sort=spent&page=2&pageSize=10',
    );
  });

  it('says the range and the order count in Greek, singular and plural', () => {
    expect(customerRangeText(2, 20, 57)).toBe('Εμφάνιση 21 έως 40 από 57 πελάτες');
    expect(customerRangeText(1, 20, 1)).toBe('Εμφάνιση 1 έως 1 από 1 πελάτη');
    expect(customerRangeText(1, 20, 0)).toBe('Εμφάνιση 0 έως 0 από 0 πελάτες');
    expect(orderCountText({ orderCount: 1, cancelledCount: 0 })).toBe('1 παραγγελία');
    expect(orderCountText({ orderCount: 3, cancelledCount: 1 })).toBe('3 παραγγελίες (1 ακυρωμένη)');
    expect(orderCountText({ orderCount: 4, cancelledCount: 2 })).toBe('4 παραγγελίες (2 ακυρωμένες)');
  });

  it('names the provider when a hosted checkout holds the customers', () => {
    expect(CUSTOMER_MESSAGES.unavailable('Shopify')).toContain('διαχείριση του Shopify');
    expect(CUSTOMER_MESSAGES.empty).toBe('Δεν υπάρχουν πελάτες ακόμη.');
  });
});
