import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  dashboardErrorText,
  formatDateTime,
  hasNext,
  hasPrevious,
  isListSort,
  isPageSize,
  LIST_PAGE_SIZES,
  LIST_SORTS,
  orderListSearch,
  pageCount,
  pageRange,
  productListSearch,
  rangeText,
} from '../../../src/domain/admin/lists.ts';
import { CATALOG_SORTS } from '../../../src/domain/catalog/query.ts';
import type { AdminProduct as ServerAdminProduct } from '../../../src/server/catalog/admin-products.ts';
import type { AdminProduct } from '../../../src/stores/admin-api.ts';

describe('rangeText', () => {
  it('says which products a page shows, in the spec words', () => {
    expect(rangeText(1, 10, 57)).toBe('Εμφάνιση 1 έως 10 από 57 προϊόντα');
    expect(rangeText(2, 10, 57)).toBe('Εμφάνιση 11 έως 20 από 57 προϊόντα');
    expect(rangeText(3, 20, 57)).toBe('Εμφάνιση 41 έως 57 από 57 προϊόντα');
  });

  it('handles a single short page and an empty list', () => {
    expect(rangeText(1, 50, 7)).toBe('Εμφάνιση 1 έως 7 από 7 προϊόντα');
    expect(rangeText(1, 10, 0)).toBe('Εμφάνιση 0 έως 0 από 0 προϊόντα');
  });
});

describe('page math', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(57, 20)).toBe(3);
    expect(pageCount(-3, 10)).toBe(1);
  });

  it('gives first and last positions inside the total', () => {
    expect(pageRange(1, 10, 3)).toEqual({ from: 1, to: 3 });
    expect(pageRange(6, 10, 57)).toEqual({ from: 51, to: 57 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('keeps a page inside 1..count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(7, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
  });

  it('offers previous after page 1 and next before the last page', () => {
    expect(hasPrevious(1)).toBe(false);
    expect(hasPrevious(2)).toBe(true);
    expect(hasNext(1, 1)).toBe(false);
    expect(hasNext(1, 2)).toBe(true);
    expect(hasNext(2, 2)).toBe(false);
  });
});

describe('list options', () => {
  it('offers the page sizes 10, 20, 50 with 10 first', () => {
    expect([...LIST_PAGE_SIZES]).toEqual([10, 20, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(isPageSize(20)).toBe(true);
    expect(isPageSize(25)).toBe(false);
  });

  it('offers every sort the server knows, with Greek labels', () => {
    expect(LIST_SORTS.map((sort) => sort.value).sort()).toEqual([...CATALOG_SORTS].sort());
    expect(LIST_SORTS.map((sort) => sort.value)).toEqual([
      'newest',
      'oldest',
      'name',
      'price-desc',
      'price-asc',
    ]);
    for (const sort of LIST_SORTS) expect(sort.label).toMatch(/[Α-Ωα-ωά-ώ]/);
    expect(isListSort('price-desc')).toBe(true);
    expect(isListSort('cheapest')).toBe(false);
  });
});

describe('query strings', () => {
  it('asks for the sport, the trimmed search, sort and page; no empty search', () => {
    const base = { sport: 'NBA', search: '', sort: 'newest' as const, page: 1, pageSize: 10 as const };
    expect(productListSearch(base)).toBe('?sport=NBA&sort=newest&page=1&pageSize=10');
    expect(productListSearch({ ...base, search: '  Ιωάννης & co ', page: 3, pageSize: 50 })).toBe(
      '?sport=NBA&search=%CE%99%CF%89%CE%AC%CE%BD%CE%BD%CE%B7%CF%82+%26+co&sort=newest&page=3&pageSize=50',
    );
  });

  it('leaves the status out for all orders', () => {
    expect(orderListSearch('all', 1)).toBe('?page=1');
    expect(orderListSearch('paid', 2)).toBe('?status=paid&page=2');
    expect(orderListSearch('all', 1, ' Μαρία ')).toBe('?search=%CE%9C%CE%B1%CF%81%CE%AF%CE%B1&page=1');
  });
});

describe('orders and dates', () => {
  it('formats dates the Greek way, and keeps an unreadable one as given', () => {
    const utc = new Intl.DateTimeFormat('el-GR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
    expect(formatDateTime('2025-03-05T14:07:00.000Z', utc)).toMatch(/^5\/3\/25, 2:07 μ\.μ\.$/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('dashboardErrorText', () => {
  it('puts the message in the spec sentence', () => {
    expect(dashboardErrorText('Cannot read properties of undefined')).toBe(
      'Σφάλμα: Cannot read properties of undefined. Παρακαλώ δοκιμάστε ξανά ή επικοινωνήστε με την υποστήριξη.',
    );
  });

  it('does not double a full stop, and never leaves the message empty', () => {
    expect(dashboardErrorText('Κάτι πήγε στραβά.')).toBe(
      'Σφάλμα: Κάτι πήγε στραβά. Παρακαλώ δοκιμάστε ξανά ή επικοινωνήστε με την υποστήριξη.',
    );
    expect(dashboardErrorText('  ')).toBe(
      'Σφάλμα: Άγνωστο σφάλμα. Παρακαλώ δοκιμάστε ξανά ή επικοινωνήστε με την υποστήριξη.',
    );
  });
});

describe('the islands restate the server list item', () => {
  it('AdminProduct has the same shape on both sides', () => {
    expectTypeOf<AdminProduct>().toEqualTypeOf<ServerAdminProduct>();
  });
});
