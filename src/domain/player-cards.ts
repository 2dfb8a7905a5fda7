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

// Folding every title once per catalogue (not once per player page) keeps a build of ~1,400
// player pages over 10k products fast.
const foldedCatalogues = new WeakMap<readonly Product[], Folded[]>();

function folded(products: readonly Product[]): Folded[] {
  let list = foldedCatalogues.get(products);
  if (!list) {
    list = products
      .filter((product) => product.priceCents !== null && product.priceCents > PLAYER_PRICE_FLOOR_CENTS)
      .map((product) => ({ product, title: foldText(product.title), tags: product.tags.map(foldText) }));
    foldedCatalogues.set(products, list);
  }
  return list;
}

/** Cards priced above 1 € whose title names the player; with a team, tagged with that team too. */
export function playerCards(products: readonly Product[], playerName: string, teamName?: string): Product[] {
  const name = foldText(playerName);
  const team = teamName === undefined ? null : foldText(teamName);
  return folded(products)
    .filter((entry) => entry.title.includes(name) && (team === null || entry.tags.includes(team)))
    .map((entry) => entry.product);
}

/** The card title on a team's player page: ' | team' is appended unless the title has it already. */
export function titleWithTeam(title: string, teamName: string): string {
  return foldText(title).includes(foldText(teamName)) ? title : `${title} | ${teamName}`;
}
