/** The largest id an integer column holds on PostgreSQL (SQLite's go further; the shop's never do). */
const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * Whether `id` can name a row: a positive whole number within an integer column's range. Anything
 * else names no row, and is answered as not found without asking the database (PostgreSQL would
 * refuse a larger number with an error).
 */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;
