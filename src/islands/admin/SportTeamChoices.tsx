import { useStore } from '@nanostores/react';
import { type AllProductsQuery, teamChoices } from '../../domain/admin/all-products.ts';
import { isSport, SPORTS } from '../../domain/catalog/sports.ts';
import { foldText } from '../../domain/text/fold.ts';
import { $categories } from '../../stores/admin-categories.ts';
import FilterChoice from './FilterChoice.tsx';

type Props = {
  query: AllProductsQuery;
  /** Changes the filters (and reads page 1 again). */
  filter: (patch: Partial<AllProductsQuery>) => void;
};

/** The sport and team filters of the list of every product; the teams come from the category documents. */
export default function SportTeamChoices({ query, filter }: Props) {
  const { categories } = useStore($categories);
  return (
    <>
      <FilterChoice
        label="Άθλημα"
        value={query.sport}
        onChange={(sport) => {
          if (sport !== '' && !isSport(sport)) return;
          // A team of another sport would find nothing: the team filter goes with the sport.
          const teams = teamChoices(categories, sport).flatMap((group) => group.teams);
          const keepsTeam = teams.some((team) => foldText(team) === foldText(query.team));
          filter({ sport, team: keepsTeam ? query.team : '' });
        }}
      >
        <option value="">Όλα τα αθλήματα</option>
        {SPORTS.map((sport) => (
          <option key={sport} value={sport}>
            {sport}
          </option>
        ))}
      </FilterChoice>
      <FilterChoice label="Ομάδα" value={query.team} onChange={(team) => filter({ team })}>
        <option value="">Όλες οι ομάδες</option>
        {teamChoices(categories, query.sport).map((group) => (
          <optgroup key={group.sport} label={group.sport}>
            {group.teams.map((team) => (
              <option key={team} value={team}>
                {team}
              </option>
            ))}
          </optgroup>
        ))}
      </FilterChoice>
    </>
  );
}
