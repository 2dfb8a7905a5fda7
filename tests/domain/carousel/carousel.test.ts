import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_INTERVAL_MS,
  SWIPE_THRESHOLD_PX,
  swipeDirection,
  wrapIndex,
} from '../../../src/domain/carousel/carousel.ts';

describe('carousel constants', () => {
  it('match the spec: 5 s interval, 100 px swipe threshold', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(100);
  });
});

describe('wrapIndex', () => {
  it('keeps indexes inside the range', () => {
    expect([0, 1, 2].map((index) => wrapIndex(index, 3))).toEqual([0, 1, 2]);
  });

  it('wraps forwards past the last slide', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(4, 3)).toBe(1);
    expect(wrapIndex(7, 3)).toBe(1);
  });

  it('wraps backwards before the first slide', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-3, 3)).toBe(0);
    expect(wrapIndex(-4, 3)).toBe(2);
  });
});

describe('swipeDirection', () => {
  it('ignores drags of 100 px or less', () => {
    expect(swipeDirection(0)).toBe(0);
    expect(swipeDirection(100)).toBe(0);
    expect(swipeDirection(-100)).toBe(0);
    expect(swipeDirection(99.9)).toBe(0);
  });

  it('goes to the previous slide on a drag to the right over 100 px', () => {
    expect(swipeDirection(101)).toBe(-1);
    expect(swipeDirection(100.5)).toBe(-1);
    expect(swipeDirection(600)).toBe(-1);
  });

  it('goes to the next slide on a drag to the left over 100 px', () => {
    expect(swipeDirection(-101)).toBe(1);
    expect(swipeDirection(-100.5)).toBe(1);
    expect(swipeDirection(-600)).toBe(1);
  });
});
