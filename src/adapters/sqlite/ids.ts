import { AppError } from '../../domain/errors.ts';
import { isRowId } from '../database/row-id.ts';

/** Path-like global ids whose last segment is the row's growing number (spec section 3). */
export type GidType = 'Product' | 'ProductVariant' | 'InventoryItem' | 'MediaImage' | 'Order';

export function toGid(type: GidType, id: number): string {
  return `gid://shop/${type}/${id}`;
}

/**
 * The numeric row id of a gid of the given type, or null when the text is not one. A number past
 * what an id column holds names no row on either database (PostgreSQL would refuse it with an
 * error), so it is no id either.
 */
export function parseGid(type: GidType, gid: string): number | null {
  const match = /^gid:\/\/shop\/([A-Za-z]+)\/(\d{1,15})$/.exec(gid.trim());
  if (!match || match[1] !== type) return null;
  const id = Number(match[2]);
  return isRowId(id) ? id : null;
}

export function requireGid(type: GidType, gid: string): number {
  const id = parseGid(type, gid);
  if (id === null) throw new AppError('invalid', `Μη έγκυρο αναγνωριστικό: ${gid.slice(0, 80)}`);
  return id;
}
