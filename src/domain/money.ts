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
