import { describe, expect, it } from 'vitest';
import { cardBrand } from '../../../src/domain/card-facts/brand.ts';

describe('cardBrand', () => {
  it("reads the maker from the title's set name", () => {
    expect(cardBrand('2023-24 Panini Prizm Giannis Antetokounmpo Silver')).toBe('Panini');
    expect(cardBrand('2024 Topps Chrome UEFA Club Competitions Kaoru Mitoma RC')).toBe('Topps');
    expect(cardBrand('1991-92 UPPER DECK Michael Jordan')).toBe('Upper Deck');
    expect(cardBrand('2022 Prizm Patrick Mahomes')).toBe('Panini');
    expect(cardBrand('Finest Erling Haaland')).toBe('Topps');
  });

  it('answers null when the title names no maker, and never matches inside a word', () => {
    expect(cardBrand('15x BASE Cards MYSTERY PACK')).toBeNull();
    expect(cardBrand('Selection of 10 Celtics cards')).toBeNull();
    expect(cardBrand('Toppsy card')).toBeNull();
  });
});
