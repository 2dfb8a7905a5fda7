import { describe, expect, it } from 'vitest';
import {
  allowsTypo,
  keyMatch,
  nameKeys,
  searchKey,
  spellingKey,
  typoNeighbours,
} from '../../../src/domain/text/spelling.ts';

describe('spellingKey', () => {
  it.each([
    ['Ολυμπιακός', 'olimpiakos'],
    ['Olympiacos', 'olimpiakos'],
    ['Olympiakos', 'olimpiakos'],
    ['Γιάννης', 'gianis'],
    ['Giannis', 'gianis'],
    ['Αντετοκούνμπο', 'antetokunmpo'],
    ['ANTETOKOUNMPO', 'antetokunmpo'],
    ['Παναθηναϊκός', 'panathinekos'],
    ['Panathinaikos', 'panathinekos'],
    ['Φενέρ', 'fener'],
    ['Philadelphia', 'filadelfia'],
  ])('%s -> %s', (word, key) => {
    expect(spellingKey(word)).toBe(key);
  });

  it('drops what is neither letter nor digit', () => {
    expect(spellingKey('#7')).toBe('7');
    expect(spellingKey('%')).toBe('');
  });
});

describe('nameKeys', () => {
  it('keys every word of the title and tags once, leaving out numbers and keys under three characters', () => {
    expect(nameKeys(['2023-24 Prizm Giannis #7 Gold /99', 'Milwaukee Bucks', 'Γιάννης'])).toEqual([
      'prizm',
      'gianis',
      'gold',
      'milwauke',
      'buks',
    ]);
  });
});

describe('search words', () => {
  it('uses a spelling key from three characters, and a typo from five letters', () => {
    expect(searchKey('ab')).toBeNull();
    expect(searchKey('2023')).toBeNull();
    expect(searchKey('Γιά')).toBe('gia');
    expect(allowsTypo('Sasa')).toBe(false);
    expect(allowsTypo('Sasha')).toBe(true);
    expect(allowsTypo('Σάσα!')).toBe(false);
  });

  it('finds the keys one edit away, never the key itself', () => {
    expect(typoNeighbours('antetokunpo', ['antetokunmpo', 'antetokunpo', 'antetokunmpos', 'gianis'])).toEqual(
      ['antetokunmpo'],
    );
  });

  it('tells a spelling match (a start of a name key) from a typo', () => {
    const keys = nameKeys(['Giannis Antetokounmpo']);
    expect(keyMatch(spellingKey('Αντετοκ'), keys, false)).toBe('spelling');
    expect(keyMatch(spellingKey('Antetokounpo'), keys, true)).toBe('typo');
    expect(keyMatch(spellingKey('Antetokounpo'), keys, false)).toBeNull();
    expect(keyMatch(spellingKey('Antetokoupo'), keys, true)).toBeNull();
  });
});
