/** What the product page shows about stock, and which products it recommends (spec sections 2 and 4). */

/** Untracked stock (null) counts as in stock: the owner sells it until told otherwise. */
export const isInStock = (available: number | null) => available === null || available > 0;

/** 'Διαθέσιμα: 3', 'Εξαντλήθηκε', or 'Διαθέσιμο' when the stock is not tracked. */
export function availabilityText(available: number | null): string {
  if (available === null) return 'Διαθέσιμο';
  return available > 0 ? `Διαθέσιμα: ${available}` : 'Εξαντλήθηκε';
}

/**
 * The products named by a fixed title list, in list order: titles missing from the catalogue are
 * skipped, and so is the product being shown. When two products share a title the first one wins
 * (the catalogue comes newest first).
 */
export function pickByTitles<T extends { id: string; title: string }>(
  products: readonly T[],
  titles: readonly string[],
  excludeId: string,
): T[] {
  const byTitle = new Map<string, T>();
  for (const product of products) if (!byTitle.has(product.title)) byTitle.set(product.title, product);
  const picked: T[] = [];
  for (const title of titles) {
    const product = byTitle.get(title);
    if (product && product.id !== excludeId && !picked.includes(product)) picked.push(product);
  }
  return picked;
}
