/** Carousel rules (spec sections 4 and 9): wraps both ways; drags over 100 px change slide. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 100;

export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/** -1 for a drag to the right (previous), +1 to the left (next), 0 when too short. */
export function swipeDirection(deltaX: number): -1 | 0 | 1 {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return 0;
  return deltaX < 0 ? 1 : -1;
}
