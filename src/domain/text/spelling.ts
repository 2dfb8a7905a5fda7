import { distance } from 'fastest-levenshtein';
import { foldText, latinSpellings } from './fold.ts';

/**
 * Search that forgives how a name is spelled (decision 084). A word's spelling key is one Latin
 * form that Greek script and the usual Latin transcriptions share: «Ολυμπιακός», "Olympiacos" and
 * "Olympiakos" all become 'olimpiakos', «Γιάννης» and "Giannis" 'gianis'. Keys are made of the
 * words of a product's title and tags (team and player names), and a search word matches a
 * product whose key words start with the word's key, or, for words of five letters or more,
 * differ from it by one typo.
 */

/** Latin letter groups that spell the same sound, applied in order after Greek becomes Latin. */
const SAME_SOUND: Array<[RegExp, string]> = [
  [/ph/g, 'f'],
  [/ch/g, 'h'],
  [/ck|c|q/g, 'k'],
  [/x/g, 'ks'],
  [/y/g, 'i'],
  [/ou/g, 'u'],
  [/ei|oi/g, 'i'],
  [/ai/g, 'e'],
  [/(.)\1+/g, '$1'],
];

/** Shorter keys match too much of the catalogue by their start; such words keep exact matching. */
export const MIN_KEY_LENGTH = 3;
/** "One typo" applies to words of at least this many letters (issue 30). */
export const TYPO_MIN_LETTERS = 5;

/** The spelling key of one word ('' when it has no letters or digits). */
export function spellingKey(word: string): string {
  const folded = foldText(word).replace(/[^\p{L}\p{N}]+/gu, '');
  let key = latinSpellings(folded)[0] ?? folded;
  for (const [pattern, replacement] of SAME_SOUND) key = key.replace(pattern, replacement);
  return key;
}

/**
 * Whether a key names something: MIN_KEY_LENGTH characters or more, and no digits. Numbers (years,
 * card numbers, 23/99) have one spelling and no typo worth forgiving; the text search finds them,
 * and leaving them out keeps the vocabulary to names (about 1,400 at 100k products, not 68,000).
 */
const isNameKey = (key: string) => key.length >= MIN_KEY_LENGTH && !/\p{N}/u.test(key);

/** The distinct name keys of a product's names (title and tags). */
export function nameKeys(names: readonly string[]): string[] {
  const keys = names
    .flatMap((name) => foldText(name).split(/[^\p{L}\p{N}]+/u))
    .map(spellingKey)
    .filter(isNameKey);
  return [...new Set(keys)];
}

/** The key a search word looks for by spelling, or null when it is too short or a number. */
export function searchKey(word: string): string | null {
  const key = spellingKey(word);
  return isNameKey(key) ? key : null;
}

/** Whether a search word may be one typo away from a name: five letters or more, as typed. */
export function allowsTypo(word: string): boolean {
  return [...foldText(word).replace(/[^\p{L}\p{N}]+/gu, '')].length >= TYPO_MIN_LETTERS;
}

/** The known name keys one typo away from a search word's key (not the key itself). */
export function typoNeighbours(key: string, vocabulary: Iterable<string>): string[] {
  const found: string[] = [];
  for (const word of vocabulary)
    if (Math.abs(word.length - key.length) <= 1 && word !== key && distance(word, key) === 1)
      found.push(word);
  return found;
}

/** How a product's name keys answer one search word's key: by spelling, by a typo, or not at all. */
export function keyMatch(key: string, keys: readonly string[], typo: boolean): 'spelling' | 'typo' | null {
  if (keys.some((name) => name.startsWith(key))) return 'spelling';
  if (typo && typoNeighbours(key, keys).length > 0) return 'typo';
  return null;
}
