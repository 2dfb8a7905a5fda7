import type { TeamOption } from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { CATEGORY_GROUPS, categoryGroup, SPORT_LABELS } from '../../domain/catalog/sports.ts';

/** 'NBA · Atlantic', 'NFL · AFC West', 'Euroleague': the league group a category stands for. */
export function groupLabel(category: Category): string {
  const group = categoryGroup(category.id);
  if (!group) return category.name;
  const sport = SPORT_LABELS[group.sport];
  return sport === group.label ? sport : `${sport} · ${group.label}`;
}

/** Categories in the menus' order (spec grouping); unknown ids last. */
export function ordered(categories: readonly Category[]): Category[] {
  const rank = (category: Category) => {
    const index = CATEGORY_GROUPS.findIndex((group) => group.id === category.id);
    return index === -1 ? CATEGORY_GROUPS.length : index;
  };
  return [...categories].sort((a, b) => rank(a) - rank(b));
}

/** Every sport's teams, grouped as in the menus: a player may be added to any team. */
export function allTeamOptions(categories: readonly Category[]): TeamOption[] {
  return categories.flatMap((category) =>
    category.teams.map((team) => ({ name: team.name, group: groupLabel(category) })),
  );
}
