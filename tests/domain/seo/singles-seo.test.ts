import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type SinglesFilters } from '../../../src/domain/catalog/singles-filters.ts';
import { MIN_INDEXABLE_CARDS, singlesHref, singlesSeo } from '../../../src/domain/seo/singles-seo.ts';

const filters = (given: Partial<SinglesFilters>): SinglesFilters => ({ ...EMPTY_FILTERS, ...given });
const counts = (total: number, page = 1) => ({ total, page, pageCount: Math.max(1, Math.ceil(total / 25)) });

describe('singlesSeo', () => {
  it('gives the unfiltered listing and each page its own title, description and self canonical', () => {
    const first = singlesSeo(EMPTY_FILTERS, counts(186));
    expect(first).toMatchObject({ title: 'Singles', noindex: false, canonicalPath: '/singles' });
    expect(first.prev).toBeUndefined();
    expect(first.next).toBe('/singles?page=2');
    const second = singlesSeo(filters({ page: 2 }), counts(186, 2));
    expect(second).toMatchObject({
      title: 'Singles, σελίδα 2',
      canonicalPath: '/singles?page=2',
      prev: '/singles',
      next: '/singles?page=3',
      noindex: false,
    });
    expect(second.description).not.toBe(first.description);
    expect(singlesSeo(filters({ page: 8 }), counts(186, 8)).next).toBeUndefined();
  });

  it('names the sport and the team: "NBA singles: Boston Celtics"', () => {
    const team = singlesSeo(filters({ category: 'NBA', team: 'Boston Celtics' }), counts(4));
    expect(team.title).toBe('NBA singles: Boston Celtics');
    expect(team.heading).toBe('NBA singles: Boston Celtics');
    expect(team.description).toContain('Boston Celtics (NBA)');
    expect(team.description).toContain('4 κάρτες');
    expect(team.canonicalPath).toBe('/singles?category=NBA&team=Boston+Celtics');
    expect(team.noindex).toBe(false);
    expect(singlesSeo(filters({ category: 'NBA' }), counts(40)).title).toBe('NBA singles');
  });

  it('leaves thin listings and every other facet out of the index, links still followed', () => {
    expect(singlesSeo(filters({ category: 'NBA', team: 'X' }), counts(MIN_INDEXABLE_CARDS - 1)).noindex).toBe(
      true,
    );
    expect(singlesSeo(filters({ category: 'NBA', team: 'X' }), counts(MIN_INDEXABLE_CARDS)).noindex).toBe(
      false,
    );
    for (const facet of [
      { search: 'prizm' },
      { player: 'Jayson Tatum' },
      { min: '5' },
      { max: '9' },
      { sort: 'name' },
    ])
      expect(
        singlesSeo(filters({ category: 'NBA', ...facet }), counts(100)).noindex,
        JSON.stringify(facet),
      ).toBe(true);
    // The unfiltered listing is never thin: it is the shop's catalogue.
    expect(singlesSeo(EMPTY_FILTERS, counts(0)).noindex).toBe(false);
  });

  it('a page past the end is not indexed and links back, not forward', () => {
    const seo = singlesSeo(filters({ page: 99 }), counts(30, 99));
    expect(seo.noindex).toBe(true);
    expect(seo.next).toBeUndefined();
    expect(seo.prev).toBeUndefined();
  });

  it('keeps every filter in the pagination links', () => {
    const given = filters({ category: 'NBA', sort: 'price-asc', search: 'prizm' });
    expect(singlesHref(given, 2)).toBe('/singles?search=prizm&category=NBA&sort=price-asc&page=2');
    expect(singlesSeo({ ...given, page: 2 }, counts(60, 2)).prev).toBe(
      '/singles?search=prizm&category=NBA&sort=price-asc',
    );
  });
});

describe('card-fact filters', () => {
  it.each([
    ['auto', '1'],
    ['grader', 'PSA'],
    ['from', '2018'],
    ['numbered', '99'],
  ] as const)('%s=%s is a facet search engines do not index', (param, value) => {
    const seo = singlesSeo(filters({ category: 'NBA', [param]: value }), counts(60));
    expect(seo.noindex).toBe(true);
    expect(seo.canonicalPath).toBe('/singles?category=NBA');
  });
});
