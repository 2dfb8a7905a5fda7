import { describe, expect, it } from 'vitest';
import { reorderMoves } from '../../../src/adapters/commerce-shopify/media-order.ts';

/** Applies moves the way productReorderMedia does: one after another, each position counted after the last. */
function apply(current: string[], moves: Array<{ id: string; newPosition: string }>): string[] {
  const order = [...current];
  for (const move of moves) {
    order.splice(order.indexOf(move.id), 1);
    order.splice(Math.min(Number(move.newPosition), order.length), 0, move.id);
  }
  return order;
}

describe('reorderMoves', () => {
  it('sends nothing when the order is already right', () => {
    expect(reorderMoves(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });

  it('swaps two with one move', () => {
    expect(reorderMoves(['a', 'b'], ['b', 'a'])).toEqual([{ id: 'b', newPosition: '0' }]);
  });

  it('reaches any order of up to ten media, moving only what changes place', () => {
    const current = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'];
    for (let seed = 1; seed <= 200; seed += 1) {
      const wanted = [...current].sort(
        (a, b) => ((a.charCodeAt(1) * seed) % 11) - ((b.charCodeAt(1) * seed) % 11),
      );
      const moves = reorderMoves(current, wanted);
      expect(apply(current, moves)).toEqual(wanted);
      expect(moves.length).toBeLessThan(current.length);
    }
  });

  it('ignores ids the product does not have, and repeated ids', () => {
    expect(apply(['a', 'b', 'c'], reorderMoves(['a', 'b', 'c'], ['x', 'c', 'c', 'a']))).toEqual([
      'c',
      'a',
      'b',
    ]);
  });
});
