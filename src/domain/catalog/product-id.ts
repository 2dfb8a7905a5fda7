/**
 * The numeric tail of a path-like global id ('gid://shop/Product/42' -> 42), which orders
 * products by age in every backend (spec section 9). Ids without a numeric tail sort first.
 */
export function idTail(id: string): number {
  const match = /(\d+)\D*$/.exec(id);
  return match ? Number(match[1]) : 0;
}

/** Newest first, by numeric id tail. */
export function byNewest<T extends { id: string }>(a: T, b: T): number {
  return idTail(b.id) - idTail(a.id);
}

/** The id a storefront link uses: the first variant's id, else the product id (spec section 2). */
export function productPath(product: { id: string; variantId?: string | null }): string {
  return `/product/${encodeURIComponent(product.variantId || product.id)}`;
}

/** Route params may arrive still URL-encoded (ids hold ':' and '/'); decode once, keep bad input as is. */
export function decodeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
