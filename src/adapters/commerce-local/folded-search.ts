import { sql } from 'kysely';
import { foldText } from '../../domain/text/fold.ts';

/** The words of a search, folded as the database folds the columns it looks in (accents and case). */
export const foldedWords = (search: string) => foldText(search).split(/\s+/).filter(Boolean).slice(0, 8);

/** `fold_text(column) LIKE '%word%'`, the word's own % _ and \ taken literally. */
export function foldedContains(column: string, word: string) {
  const like = `%${word.replace(/[%_\\]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`fold_text(${sql.ref(column)}) LIKE ${like} ESCAPE '\\'`;
}
