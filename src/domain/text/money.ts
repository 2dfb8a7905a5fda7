/** Money is integer cents in EUR everywhere; these turn it into the texts the spec shows. */
const euro = new Intl.NumberFormat('el-GR', { style: 'currency', currency: 'EUR' });

/** '1.234,50 €' — the shop's display format. */
export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/** '12.50' — the spec's two-decimal form (view models, API amounts). */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents from a decimal amount as APIs send it ('12.5', '12.50', '3'); null when it is not one. */
export function amountToCents(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  // Round half up on the third decimal, in integers: no floating point on money.
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
}
