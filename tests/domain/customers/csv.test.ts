import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_CSV_COLUMNS, customerCsvRow, customersToCsv } from '../../../src/domain/customers/csv.ts';
import type { CustomerSummary } from '../../../src/domain/customers/customer.ts';

const MARIA: CustomerSummary = {
  email: 'maria@example.gr',
  name: 'Μαρία Παπαδάκη, "Μ."',
  phone: '6911111111',
  orderCount: 3,
  cancelledCount: 1,
  spentCents: 3550,
  lastOrderAt: '2026-11-27T10:00:00.000Z',
};

describe('customers as CSV (decision 086)', () => {
  it('writes a Greek header row, then one row per customer, with a BOM and CRLF', () => {
    const csv = customersToCsv([MARIA]);
    expect(csv.startsWith('\uFEFFEmail,Όνομα,Τηλέφωνο,Παραγγελίες,Ακυρωμένες,Σύνολο αγορών (EUR),')).toBe(
      true,
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parse(csv.slice(1)) as string[][];
    expect(rows).toEqual([
      [...CUSTOMER_CSV_COLUMNS],
      [
        'maria@example.gr',
        'Μαρία Παπαδάκη, "Μ."',
        '6911111111',
        '3',
        '1',
        '35.50',
        '2026-11-27T10:00:00.000Z',
      ],
    ]);
  });

  it('is only the header row when there are no customers', () => {
    expect(parse(customersToCsv([]).slice(1))).toEqual([[...CUSTOMER_CSV_COLUMNS]]);
  });

  it('neutralises every cell a spreadsheet would run as a formula: = + - @', () => {
    const row = customerCsvRow({
      ...MARIA,
      email: '@evil@example.gr',
      name: '=HYPERLINK("http://x","y")',
      phone: '+306911111111',
    });
    expect(row.slice(0, 3)).toEqual(["'@evil@example.gr", '\'=HYPERLINK("http://x","y")', "'+306911111111"]);
    expect(customerCsvRow({ ...MARIA, name: '-1+2' })[1]).toBe("'-1+2");
    for (const cell of customerCsvRow({ ...MARIA, name: '\t=1' }))
      expect(cell).not.toMatch(/^[=+\-@\t\r\n\0]/);
  });
});
