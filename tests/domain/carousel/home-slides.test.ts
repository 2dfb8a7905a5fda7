import { describe, expect, it } from 'vitest';
import { HOME_SLIDES, headlineText } from '../../../src/domain/carousel/home-slides.ts';

describe('home slides', () => {
  it('are the three sports of the spec, each linking to its singles', () => {
    expect(HOME_SLIDES.map((slide) => slide.href)).toEqual([
      '/singles?category=EUROLEAGUE',
      '/singles?category=SOCCER',
      '/singles?category=NFL',
    ]);
    expect(HOME_SLIDES.map((slide) => slide.sport)).toEqual(['EUROLEAGUE', 'SOCCER', 'NFL']);
  });

  it('name each slide by its headline', () => {
    expect(HOME_SLIDES.map(headlineText)).toEqual(['Euroleague κάρτες', 'Κάρτες ποδοσφαίρου', 'NFL κάρτες']);
  });
});
