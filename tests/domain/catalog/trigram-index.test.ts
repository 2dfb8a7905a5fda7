import { describe, expect, it } from 'vitest';
import { createTrigramIndex } from '../../../src/domain/catalog/trigram-index.ts';

const texts = [
  '2024 prizm giannis antetokounmpo silver',
  'γιαννης αντετοκουνμπο panini',
  'luka doncic optic',
  'mainard linton rookie',
  'linton maina auto',
  'anna gi base',
  'jo',
  '',
];

/** The positions of the texts that hold `name`, by reading every one. */
const holding = (name: string) => [...texts.keys()].filter((at) => texts[at]?.includes(name));

describe('createTrigramIndex', () => {
  const names = [
    'linton maina',
    'maina',
    'ton mai',
    'doncic',
    'αντετοκουνμπο',
    'ann',
    'na gi',
    'nobody here',
  ];

  // Two bits: four buckets for dozens of pieces, so nearly every bucket is shared.
  it.each([18, 2])('with 2^%i buckets, offers every text that holds the name, in order', (bits) => {
    const index = createTrigramIndex(texts, bits);
    for (const name of names) {
      const offered = [...index.candidates(name)];
      expect(offered, name).toEqual([...offered].sort((a, b) => a - b));
      expect(offered, name).toEqual(expect.arrayContaining(holding(name)));
      expect(new Set(offered).size, name).toBe(offered.length);
    }
  });

  it('with enough buckets, offers few texts that do not hold the name', () => {
    const index = createTrigramIndex(texts);
    expect([...index.candidates('linton maina')]).toEqual([4]);
    expect([...index.candidates('nobody here')]).toEqual([]);
  });

  it('offers every text for a name shorter than a piece', () => {
    expect([...createTrigramIndex(texts).candidates('jo')]).toEqual([...texts.keys()]);
  });
});
