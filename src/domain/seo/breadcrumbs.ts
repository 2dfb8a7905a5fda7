import { cardCategory } from '../catalog/card-view.ts';
import type { Category } from '../catalog/category.ts';
import { PLAYER_PRICE_FLOOR_CENTS } from '../catalog/player-cards.ts';
import type { Product } from '../catalog/product.ts';
import { EMPTY_FILTERS } from '../catalog/singles-filters.ts';
import { playerHref } from '../catalog/singles-menu.ts';
import { categoryGroup, type Sport } from '../catalog/sports.ts';
import { foldText } from '../text/fold.ts';
import { singlesHref } from './singles-seo.ts';

/** One step of the path from the home page to a page; the last one is the page itself. */
export type Crumb = { name: string; path: string };

/** The sport and the team's name as the categories spell it, for a team tag (case and accents ignored). */
export function teamPlace(
  categories: readonly Category[],
  teamName: string,
): { sport: Sport; team: string } | null {
  const wanted = foldText(teamName);
  for (const category of categories) {
    const sport = categoryGroup(category.id)?.sport;
    const team = sport && category.teams.find((candidate) => foldText(candidate.name) === wanted);
    if (sport && team) return { sport, team: team.name };
  }
  return null;
}

/** Αρχική › Singles › NBA singles › Boston Celtics: the listings above a card or a player. */
export function listingCrumbs(place: { sport: Sport; team?: string } | null): Crumb[] {
  const crumbs: Crumb[] = [
    { name: 'Αρχική', path: '/' },
    { name: 'Singles', path: '/singles' },
  ];
  if (!place) return crumbs;
  crumbs.push({
    name: `${place.sport} singles`,
    path: singlesHref({ ...EMPTY_FILTERS, category: place.sport }, 1),
  });
  if (place.team)
    crumbs.push({
      name: place.team,
      path: singlesHref({ ...EMPTY_FILTERS, category: place.sport, team: place.team }, 1),
    });
  return crumbs;
}

/** The path to a product page: its grid for packs and lots, else its sport and team among the singles. */
export function productCrumbs(product: Product, categories: readonly Category[], path: string): Crumb[] {
  const self = { name: product.title, path };
  const kind = cardCategory(product);
  if (kind === 'Mystery Pack')
    return [{ name: 'Αρχική', path: '/' }, { name: 'Mystery Packs', path: '/mystery-packs' }, self];
  if (kind === 'LOT') return [{ name: 'Αρχική', path: '/' }, { name: 'LOT', path: '/LOT' }, self];
  const place = product.tags.map((tag) => teamPlace(categories, tag)).find((found) => found !== null) ?? null;
  return [...listingCrumbs(place), self];
}

/**
 * The player pages that show this card (spec section 5: priced above 1 €, the player's name in
 * the title, tagged with the player's team), so every player page with a card is one plain link
 * away from that card.
 */
export function playersOfProduct(
  product: Product,
  categories: readonly Category[],
): Array<{ name: string; team: string; href: string }> {
  if (product.priceCents === null || product.priceCents <= PLAYER_PRICE_FLOOR_CENTS) return [];
  const title = foldText(product.title);
  const tags = new Set(product.tags.map(foldText));
  const found: Array<{ name: string; team: string; href: string }> = [];
  for (const category of categories)
    for (const team of category.teams) {
      if (!tags.has(foldText(team.name))) continue;
      for (const player of team.players)
        if (title.includes(foldText(player.name)))
          found.push({ name: player.name, team: team.name, href: playerHref(player.name, team.name) });
    }
  return found;
}
