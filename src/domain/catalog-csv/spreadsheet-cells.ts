/**
 * Spreadsheet formula injection (OWASP "CSV Injection", ASVS 1.2.10): a cell that starts with
 * `=`, `+`, `-`, `@`, a tab, a line break or NUL is run as a formula when a spreadsheet opens the
 * file, however it is quoted. Every CSV the shop writes passes its cells through `neutraliseCell`,
 * which puts a single quote in front of such a cell (spreadsheets show the text, not the quote);
 * the catalogue import undoes it with `restoreCell`, so an export imports back to the same text.
 */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;
/** A cell `neutraliseCell` changed: quotes, then a formula start (a text that began with quotes got one more). */
const NEUTRALISED = /^'+[=+\-@\t\r\n\0]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) || NEUTRALISED.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}
