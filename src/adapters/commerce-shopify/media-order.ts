/**
 * The moves productReorderMedia needs to turn `current` into `wanted` (ids present in both; any
 * other id is ignored). Shopify applies moves one after another, each `newPosition` counted after
 * the moves before it, and wants only the media whose position changes.
 */
export function reorderMoves(
  current: readonly string[],
  wanted: readonly string[],
): Array<{ id: string; newPosition: string }> {
  const present = new Set(current);
  const target = wanted.filter((id, index) => present.has(id) && wanted.indexOf(id) === index);
  const order = [...current];
  const moves: Array<{ id: string; newPosition: string }> = [];
  target.forEach((id, position) => {
    if (order[position] === id) return;
    order.splice(order.indexOf(id), 1);
    order.splice(position, 0, id);
    // UnsignedInt64 travels as a string.
    moves.push({ id, newPosition: String(position) });
  });
  return moves;
}
