import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/catalog/category.ts';
import { findPlayer, playerCards, titleWithTeam } from '../../../src/domain/catalog/player-cards.ts';
import { foldText } from '../../../src/domain/text/fold.ts';
import { aProduct } from '../../helpers/product.ts';

const categories: Category[] = [
  {
    id: 'nba-central',
    name: 'Central',
    teams: [
      { name: 'Milwaukee Bucks', image: '', players: [{ name: 'Giannis Antetokounmpo', image: '' }] },
      { name: 'Chicago Bulls', image: '', players: [{ name: 'Zach LaVine', image: '' }] },
    ],
  },
];

const product = (title: string, tags: string[], priceCents: number | null) =>
  aProduct({ title, tags, priceCents });

describe('findPlayer', () => {
  it('finds a player of the named team, ignoring case', () => {
    const found = findPlayer(categories, 'giannis ANTETOKOUNMPO', 'milwaukee bucks');
    expect(found?.player.name).toBe('Giannis Antetokounmpo');
    expect(found?.team?.name).toBe('Milwaukee Bucks');
  });

  it('finds a player of any team when no team is named', () => {
    expect(findPlayer(categories, 'Zach LaVine')?.player.name).toBe('Zach LaVine');
    expect(findPlayer(categories, 'Zach LaVine')?.team).toBeNull();
  });

  it('refuses a player who is not in the named team, or in no category at all', () => {
    expect(findPlayer(categories, 'Zach LaVine', 'Milwaukee Bucks')).toBeNull();
    expect(findPlayer(categories, 'Nobody')).toBeNull();
  });
});

describe('playerCards', () => {
  const products = [
    product('2024 Prizm Giannis Antetokounmpo Silver', ['Milwaukee Bucks'], 2500),
    product('Giannis Antetokounmpo base', ['Milwaukee Bucks'], 100), // exactly 1 €: hidden
    product('GIANNIS ANTETOKOUNMPO rookie', ['milwaukee bucks'], 101),
    product('Giannis Antetokounmpo Greece', ['Greece'], 5000), // other team tag
    product('Giannis Antetokounmpo no price', ['Milwaukee Bucks'], null),
    product('Zach LaVine auto', ['Chicago Bulls'], 3000),
  ];

  it('keeps cards above 1 € whose title names the player and whose tag is the team', () => {
    expect(
      playerCards(products, 'Giannis Antetokounmpo', 'Milwaukee Bucks').map((card) => card.title),
    ).toEqual(['2024 Prizm Giannis Antetokounmpo Silver', 'GIANNIS ANTETOKOUNMPO rookie']);
  });

  it('without a team, any tag will do', () => {
    expect(playerCards(products, 'giannis antetokounmpo').map((card) => card.title)).toEqual([
      '2024 Prizm Giannis Antetokounmpo Silver',
      'GIANNIS ANTETOKOUNMPO rookie',
      'Giannis Antetokounmpo Greece',
    ]);
  });
});

describe('playerCards over its index of title pieces', () => {
  const titles = [
    '2024 Prizm Giannis Antetokounmpo Silver',
    'Γιάννης Αντετοκούνμπο Panini',
    'Luka DONČIĆ Optic',
    'Mainard Linton rookie',
    'Linton Maina auto',
    'Anna Gi base',
    'Jo',
  ];
  const products = titles.map((title, at) => product(title, [at % 2 ? 'Team A' : 'Team B'], 500));
  /** What the pieces must not change: every title read in turn. */
  const everyTitle = (name: string, team?: string) =>
    products
      .filter(
        (card) =>
          foldText(card.title).includes(foldText(name)) &&
          (team === undefined || card.tags.map(foldText).includes(foldText(team))),
      )
      .map((card) => card.title);

  it.each([
    ['Linton Maina'],
    ['maina'],
    ['ton mai'],
    ['Doncic'],
    ['αντετοκουνμπο'],
    ['Giannis', 'Team B'],
    ['ann gi'],
    ['jo'],
    ['o'],
    ['Nobody Here'],
    ['anna gi base x'],
  ])('finds the same cards as reading every title: %s %s', (name, team?: string) => {
    expect(playerCards(products, name, team).map((card) => card.title)).toEqual(everyTitle(name, team));
  });

  it('finds a name split across two words only where the title has it whole', () => {
    expect(playerCards(products, 'na gi').map((card) => card.title)).toEqual(['Anna Gi base']);
  });
});

describe('titleWithTeam', () => {
  it("appends ' | team' only when the title lacks the team", () => {
    expect(titleWithTeam('Giannis Antetokounmpo Silver', 'Milwaukee Bucks')).toBe(
      'Giannis Antetokounmpo Silver | Milwaukee Bucks',
    );
    expect(titleWithTeam('Giannis Antetokounmpo | milwaukee bucks', 'Milwaukee Bucks')).toBe(
      'Giannis Antetokounmpo | milwaukee bucks',
    );
  });
});
