import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import { parseProductInput } from '../../../src/domain/catalog/product.ts';

const input = { title: 'LeBron James', priceCents: 1000, quantity: 1 };

describe('product input', () => {
  it('keeps control characters out of names, tags and facts: PostgreSQL refuses a NUL', () => {
    const parsed = parseProductInput({
      ...input,
      title: ' LeBron\u0000 James\n ',
      tags: ['NBA\u0007', 'Lakers'],
      productType: 'Card\u0000',
      descriptionHtml: '<p>Rookie\u0000 card</p>\n<p>Mint</p>',
      facts: { ...EMPTY_FACTS, manufacturer: 'Topps\u0000' },
    });
    expect(parsed).toMatchObject({
      title: 'LeBron James',
      tags: ['NBA', 'Lakers'],
      productType: 'Card',
      descriptionHtml: '<p>Rookie card</p>\n<p>Mint</p>',
    });
    expect(parsed.facts.manufacturer).toBe('Topps');
  });

  it('still refuses a title that is nothing but control characters', () => {
    expect(() => parseProductInput({ ...input, title: '\u0000\u0001' })).toThrow(
      expect.objectContaining({
        kind: 'invalid',
        fields: expect.objectContaining({ title: expect.any(String) }),
      }),
    );
  });
});
