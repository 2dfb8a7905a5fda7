import {
  EMPTY_FILTERS,
  type FilterOptions,
  type SinglesFilters,
} from '../../domain/catalog/singles-filters.ts';
import { playerHref } from '../../domain/catalog/singles-menu.ts';
import { singlesHref } from '../../domain/seo/singles-seo.ts';
import { follow } from './useSinglesBrowser.ts';

type Props = {
  filters: SinglesFilters;
  options: FilterOptions;
  go: (next: SinglesFilters) => void;
};

/**
 * Plain links into the catalogue, for shoppers and for crawlers that run no script: the sports
 * from the whole listing, the teams of the chosen sport.
 */
export default function BrowseLinks({ filters, options, go }: Props) {
  const sport = options.find((option) => option.sport === filters.category);
  const team = filters.team ? sport?.teams.find((candidate) => candidate.name === filters.team) : undefined;
  if (filters.team && !team) return null;
  // A team's players open their own pages; a sport's teams and the sports filter in place.
  const links = team
    ? team.players.map((player) => ({ label: player, href: playerHref(player, team.name), apply: null }))
    : (sport
        ? sport.teams.map((option) => ({
            label: option.name,
            filters: { ...EMPTY_FILTERS, category: sport.sport, team: option.name },
          }))
        : options.map((option) => ({
            label: option.sport,
            filters: { ...EMPTY_FILTERS, category: option.sport },
          }))
      ).map((target) => ({
        label: target.label,
        href: singlesHref(target.filters, 1),
        apply: () => go(target.filters),
      }));
  if (links.length === 0) return null;
  const heading = team ? `Παίκτες ${team.name}` : sport ? `Ομάδες ${sport.sport}` : 'Αθλήματα';
  return (
    <nav aria-labelledby="singles-browse" className="mt-10 border-t border-line pt-6">
      <h2 id="singles-browse" className="mb-3 text-lg font-bold">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm hover:bg-mist"
              onClick={(event) => {
                if (link.apply) follow(event, link.apply);
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
