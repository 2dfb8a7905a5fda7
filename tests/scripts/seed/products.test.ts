import { describe, expect, it } from 'vitest';
import { cardArtSvg } from '../../../scripts/seed/card-art.ts';
import { benchProducts, demoProducts, type SeedProduct } from '../../../scripts/seed/products.ts';
import { EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import { cardFactsSchema } from '../../../src/domain/card-facts/schema.ts';
import type { Category } from '../../../src/domain/catalog/category.ts';
import {
  BEST_VALUE_PICKS_TITLES,
  HOT_PICKS_TITLES,
  LOT_TITLES,
  MYSTERY_PACK_TITLES,
} from '../../../src/domain/catalog/title-lists.ts';

function team(name: string, players: string[]) {
  return { name, image: '', players: players.map((player) => ({ name: player, image: '' })) };
}

/** Small on purpose: every sport, and every player the hot and best-value picks name. */
const CATEGORIES: Category[] = [
  {
    id: 'nba-central',
    name: 'Central',
    teams: [
      team('Milwaukee Bucks', ['Giannis Antetokounmpo', 'Damian Lillard']),
      team('Chicago Bulls', ['Coby White', 'Josh Giddey']),
    ],
  },
  {
    id: 'nba-pacific',
    name: 'Pacific',
    teams: [
      team('Los Angeles Lakers', ['LeBron James', 'Luka Doncic', 'Austin Reaves']),
      team('Golden State Warriors', ['Stephen Curry', 'Draymond Green']),
    ],
  },
  {
    id: 'euroleague',
    name: 'Euroleague',
    teams: [
      team('Olympiacos', ['Sasha Vezenkov', 'Evan Fournier']),
      team('Panathinaikos', ['Kostas Sloukas', 'Kendrick Nunn']),
    ],
  },
  {
    id: 'nfl-afc-west',
    name: 'AFC West',
    teams: [team('Kansas City Chiefs', ['Patrick Mahomes', 'Travis Kelce'])],
  },
  {
    id: 'nfl-nfc-east',
    name: 'NFC East',
    teams: [team('Philadelphia Eagles', ['Jalen Hurts', 'Saquon Barkley'])],
  },
  {
    id: 'soccer-premier-league',
    name: 'Premier League',
    teams: [team('Manchester City', ['Erling Haaland', 'Phil Foden']), team('Liverpool', ['Mohamed Salah'])],
  },
  {
    id: 'soccer-la-liga',
    name: 'La Liga',
    teams: [
      team('Barcelona', ['Lamine Yamal', 'Pedri']),
      team('Real Madrid', ['Kylian Mbappe', 'Jude Bellingham']),
    ],
  },
];

const products = demoProducts(CATEGORIES);
const titles = products.map((product) => product.title);
const singles = products.filter((product) => product.productType === 'Card');

function playersOf(teamName: string): string[] {
  return CATEGORIES.flatMap((category) => category.teams)
    .filter((candidate) => candidate.name === teamName)
    .flatMap((candidate) => candidate.players.map((player) => player.name));
}

function teamTag(product: SeedProduct): string | undefined {
  return product.tags.find((tag) => tag !== 'offer');
}

describe('demoProducts', () => {
  it('makes a catalogue of at least 150 products with unique titles', () => {
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('includes both mystery packs with their exact titles', () => {
    const packs = products.filter((product) => product.productType === 'Mystery Pack');
    expect(packs.map((pack) => pack.title).sort()).toEqual([...MYSTERY_PACK_TITLES].sort());
    for (const pack of packs) expect(pack.tags).toEqual([]);
  });

  it('names a player of the tagged team in every single card title', () => {
    expect(singles.length).toBeGreaterThan(100);
    for (const single of singles) {
      const tag = teamTag(single);
      expect(tag, single.title).toBeDefined();
      const players = playersOf(tag ?? '');
      expect(
        players.some((player) => single.title.includes(player)),
        single.title,
      ).toBe(true);
    }
  });

  it('covers all four sports', () => {
    expect(new Set(products.map((product) => product.art.sport))).toEqual(
      new Set(['NBA', 'EUROLEAGUE', 'NFL', 'SOCCER']),
    );
  });

  it('has at least 10 offers, all tagged offer and typed Card', () => {
    const offers = products.filter((product) => product.tags.includes('offer'));
    expect(offers.length).toBeGreaterThanOrEqual(10);
    for (const offer of offers) {
      expect(offer.productType).toBe('Card');
      expect(playersOf(teamTag(offer) ?? '').length).toBeGreaterThan(0);
    }
  });

  it('has sold-out, unique and multi-copy stock', () => {
    const stock = products.map((product) => product.quantity);
    expect(stock).toContain(0);
    expect(stock).toContain(1);
    expect(stock.some((quantity) => quantity > 1)).toBe(true);
  });

  it('prices in integer cents from under a euro to over a hundred euros', () => {
    for (const product of products) expect(Number.isInteger(product.priceCents)).toBe(true);
    expect(products.some((product) => product.priceCents < 100)).toBe(true);
    expect(products.some((product) => product.priceCents > 10_000)).toBe(true);
  });

  it('takes every LOT title from LOT_TITLES', () => {
    const lots = products.filter((product) => product.productType === 'LOT');
    expect(lots.length).toBeGreaterThanOrEqual(10);
    for (const lot of lots) expect(LOT_TITLES).toContain(lot.title);
  });

  it('creates every hot and best-value pick', () => {
    for (const title of [...HOT_PICKS_TITLES, ...BEST_VALUE_PICKS_TITLES]) {
      expect(titles).toContain(title);
    }
  });

  it('keeps descriptions to the allowed tags', () => {
    for (const product of products) {
      const tags = product.descriptionHtml.match(/<\/?([a-z]+)/g) ?? [];
      for (const tag of tags) expect(['p', 'strong', 'ul', 'li']).toContain(tag.replace(/[</]/g, ''));
    }
  });

  it('fills in card facts that the schema accepts and the title agrees with', () => {
    for (const single of singles) {
      expect(cardFactsSchema.safeParse(single.facts).success, single.title).toBe(true);
      expect(single.title.startsWith(single.facts.year ?? '-'), single.title).toBe(true);
      expect(single.title.includes(`#${single.facts.cardNumber}`), single.title).toBe(true);
      expect(/ RC( |$)/.test(single.title), single.title).toBe(single.facts.rookie);
      expect(single.title.includes(' Auto'), single.title).toBe(single.facts.autograph);
      expect(single.title.includes('PSA 10'), single.title).toBe(single.facts.grade === 10);
      if (single.facts.grader === 'RAW') expect(single.facts.condition, single.title).not.toBeNull();
    }
    const facts = singles.map((single) => single.facts);
    expect(facts.some((card) => card.autograph)).toBe(true);
    expect(facts.some((card) => card.patch)).toBe(true);
    expect(facts.some((card) => card.printRun !== null && card.printRun <= 99)).toBe(true);
    expect(facts.some((card) => card.grader === 'PSA' && card.grade === 10)).toBe(true);
    // One slab of the demo shows a certificate number and its link to PSA's check.
    expect(
      singles.filter((single) => single.facts.certNumber !== null).map((single) => single.title),
    ).toEqual(['2024-25 Panini Prizm Giannis Antetokounmpo #1 Silver PSA 10']);
    expect(new Set(facts.map((card) => card.manufacturer))).toEqual(new Set(['Panini', 'Topps']));
    for (const product of products.filter((item) => item.productType !== 'Card'))
      expect(product.facts).toEqual(EMPTY_FACTS);
  });

  it('is deterministic, whatever the order of the categories', () => {
    expect(demoProducts(CATEGORIES)).toEqual(products);
    expect(demoProducts([...CATEGORIES].reverse())).toEqual(products);
  });

  it('fails clearly when a pick names a player the data lacks', () => {
    const withoutCurry = CATEGORIES.map((category) => ({
      ...category,
      teams: category.teams.map((entry) => ({
        ...entry,
        players: entry.players.filter((player) => player.name !== 'Stephen Curry'),
      })),
    }));
    expect(() => demoProducts(withoutCurry)).toThrow(/Stephen Curry/);
  });
});

describe('benchProducts', () => {
  it('gives the requested number of singles with unique titles', () => {
    const bench = benchProducts(CATEGORIES, 1000);
    expect(bench).toHaveLength(1000);
    expect(new Set(bench.map((product) => product.title)).size).toBe(1000);
    for (const product of bench) expect(product.productType).toBe('Card');
  });

  it('depends on the seed', () => {
    expect(benchProducts(CATEGORIES, 20, 7)).toEqual(benchProducts(CATEGORIES, 20, 7));
    expect(benchProducts(CATEGORIES, 20, 7)).not.toEqual(benchProducts(CATEGORIES, 20, 8));
  });
});

describe('cardArtSvg', () => {
  it('escapes XML special characters in the text', () => {
    const svg = cardArtSvg({
      kind: 'single',
      sport: 'NBA',
      headline: 'Tom <&> Jerry',
      subline: 'A & B · NBA',
      accent: '#123456',
      number: '#1',
    });
    expect(svg).toContain('&lt;&amp;&gt;');
    expect(svg).toContain('A &amp; B');
    expect(svg).not.toContain('<&>');
  });

  it('draws a 5:7 portrait card for every kind', () => {
    for (const kind of ['single', 'pack', 'lot'] as const) {
      const svg = cardArtSvg({
        kind,
        sport: 'SOCCER',
        headline: 'Test',
        subline: 'Team · Soccer',
        accent: '#e11d48',
      });
      expect(svg).toMatch(/^<svg [^>]*width="600" height="840"/);
    }
  });
});
