import type { Product } from '../ports/commerce.ts';
import type { Category, Player, Team } from '../ports/documents.ts';
import { foldText } from './text.ts';

/** Player page rules (spec section 5). */
export const PLAYER_PRICE_FLOOR_CENTS = 100;

export type KnownPlayer = { player: Player; team: Team | null; category: Category | null };

const same = (a: string, b: string) => foldText(a) === foldText(b);

/**
 * The player as the categories know them, or null. With a team, the player must belong to that
 * team; without one, any team's player of that name will do.
 */
export function findPlayer(
  categories: readonly Category[],
  playerName: string,
  teamName?: string,
): KnownPlayer | null {
  for (const category of categories) {
    for (const team of category.teams) {
      if (teamName !== undefined && !same(team.name, teamName)) continue;
      const player = team.players.find((candidate) => same(candidate.name, playerName));
      if (player)
        return {
          player,
          team: teamName === undefined ? null : team,
          category: teamName === undefined ? null : category,
        };
    }
  }
  return null;
}

type Folded = { product: Product; title: string; tags: string[] };

/**
 * The catalogue as player pages search it, made once per catalogue (not once per player page):
 * the folded titles and tags, and where each three-letter piece of a title occurs. A name is a
 * substring of a title only if every piece of the name is, so the rarest piece's titles are the
 * only ones to test; at 100k products a build's ~1,400 player lookups no longer each read every
 * title (decision 058).
 */
type PlayerIndex = { entries: Folded[]; pieces: Map<number, Uint32Array> };

const PIECE = 3;
const indexes = new WeakMap<readonly Product[], PlayerIndex>();

function playerIndex(products: readonly Product[]): PlayerIndex {
  let index = indexes.get(products);
  if (!index) {
    const entries = products
      .filter((product) => product.priceCents !== null && product.priceCents > PLAYER_PRICE_FLOOR_CENTS)
      .map((product) => ({ product, title: foldText(product.title), tags: product.tags.map(foldText) }));
    index = { entries, pieces: piecesOf(entries.map((entry) => entry.title)) };
    indexes.set(products, index);
  }
  return index;
}

/** The three UTF-16 units of text at `at` as one number (48 bits: exact in a double). */
const pieceAt = (text: string, at: number) =>
  text.charCodeAt(at) * 2 ** 32 + text.charCodeAt(at + 1) * 2 ** 16 + text.charCodeAt(at + 2);

/** For each three-letter piece, the titles (by position, in order) that hold it. */
function piecesOf(titles: readonly string[]): Map<number, Uint32Array> {
  const growing = new Map<number, number[]>();
  titles.forEach((title, position) => {
    for (let at = 0; at + PIECE <= title.length; at++) {
      const piece = pieceAt(title, at);
      const list = growing.get(piece);
      // Positions only grow, so a piece seen twice in one title is already last in its list.
      if (!list) growing.set(piece, [position]);
      else if (list[list.length - 1] !== position) list.push(position);
    }
  });
  // Kept as typed arrays: half the memory of the lists of numbers they were built in.
  const lists = new Map<number, Uint32Array>();
  for (const [piece, list] of growing) lists.set(piece, Uint32Array.from(list));
  return lists;
}

/** The positions of the titles that may hold `name`: those holding its rarest piece (all when short). */
function candidates(index: PlayerIndex, name: string): Iterable<number> {
  if (name.length < PIECE) return index.entries.keys();
  let rarest: Uint32Array | undefined;
  for (let at = 0; at + PIECE <= name.length; at++) {
    const list = index.pieces.get(pieceAt(name, at));
    if (!list) return [];
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  return rarest ?? [];
}

/** Cards priced above 1 € whose title names the player; with a team, tagged with that team too. */
export function playerCards(products: readonly Product[], playerName: string, teamName?: string): Product[] {
  const name = foldText(playerName);
  const team = teamName === undefined ? null : foldText(teamName);
  const index = playerIndex(products);
  const cards: Product[] = [];
  for (const position of candidates(index, name)) {
    const entry = index.entries[position] as Folded;
    if (entry.title.includes(name) && (team === null || entry.tags.includes(team))) cards.push(entry.product);
  }
  return cards;
}

/** The card title on a team's player page: ' | team' is appended unless the title has it already. */
export function titleWithTeam(title: string, teamName: string): string {
  return foldText(title).includes(foldText(teamName)) ? title : `${title} | ${teamName}`;
}
