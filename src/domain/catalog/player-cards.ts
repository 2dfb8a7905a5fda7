import { foldText } from '../text/fold.ts';
import type { Category, Player, Team } from './category.ts';
import type { ProductSummary } from './product.ts';
import { createTrigramIndex, type TrigramIndex } from './trigram-index.ts';

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

type Folded = { product: ProductSummary; title: string; tags: string[] };

/**
 * The catalogue as player pages search it, made once per catalogue (not once per player page):
 * the folded titles and tags, and an index of their trigrams, so that a build's ~1,400
 * player lookups at 100k products do not each read every title (decision 058).
 */
type PlayerIndex = { entries: Folded[]; trigrams: TrigramIndex };

const indexes = new WeakMap<readonly ProductSummary[], PlayerIndex>();

function playerIndex(products: readonly ProductSummary[]): PlayerIndex {
  let index = indexes.get(products);
  if (!index) {
    const entries = products
      .filter((product) => product.priceCents !== null && product.priceCents > PLAYER_PRICE_FLOOR_CENTS)
      .map((product) => ({ product, title: foldText(product.title), tags: product.tags.map(foldText) }));
    index = { entries, trigrams: createTrigramIndex(entries.map((entry) => entry.title)) };
    indexes.set(products, index);
  }
  return index;
}

/** Cards priced above 1 € whose title names the player; with a team, tagged with that team too. */
export function playerCards(
  products: readonly ProductSummary[],
  playerName: string,
  teamName?: string,
): ProductSummary[] {
  const name = foldText(playerName);
  const team = teamName === undefined ? null : foldText(teamName);
  const index = playerIndex(products);
  const cards: ProductSummary[] = [];
  for (const position of index.trigrams.candidates(name)) {
    const entry = index.entries[position] as Folded;
    if (entry.title.includes(name) && (team === null || entry.tags.includes(team))) cards.push(entry.product);
  }
  return cards;
}

/** The card title on a team's player page: ' | team' is appended unless the title has it already. */
export function titleWithTeam(title: string, teamName: string): string {
  return foldText(title).includes(foldText(teamName)) ? title : `${title} | ${teamName}`;
}
