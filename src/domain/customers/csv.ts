import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../catalog-csv/spreadsheet-cells.ts';
import { centsToAmount } from '../text/money.ts';
import type { CustomerSummary } from './customer.ts';

/** The export's columns, in Greek: the file is for the owner's spreadsheet, not for an import. */
export const CUSTOMER_CSV_COLUMNS = [
  'Email',
  'Όνομα',
  'Τηλέφωνο',
  'Παραγγελίες',
  'Ακυρωμένες',
  'Σύνολο αγορών (EUR)',
  'Τελευταία παραγγελία',
] as const;

const BOM = '\uFEFF';

/** One customer's cells: amounts as 12.50, the date as stored (ISO 8601, UTC). */
export function customerCsvRow(customer: CustomerSummary): string[] {
  return [
    customer.email,
    customer.name,
    customer.phone,
    String(customer.orderCount),
    String(customer.cancelledCount),
    centsToAmount(customer.spentCents),
    customer.lastOrderAt,
  ].map(neutraliseCell);
}

/**
 * The customers as CSV: a header row, then one row per customer; UTF-8 with a BOM so spreadsheet
 * programs read the Greek right, and no cell a spreadsheet would run as a formula (a phone typed
 * as +30... is one).
 */
export function customersToCsv(customers: readonly CustomerSummary[]): string {
  return (
    BOM +
    stringify([[...CUSTOMER_CSV_COLUMNS], ...customers.map(customerCsvRow)], { record_delimiter: '\r\n' })
  );
}
