import { useId } from 'react';
import { PLAYER_MESSAGES } from '../../domain/admin/player-form.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { groupLabel } from './player-groups.ts';

type Props = {
  categories: Category[];
  /** The ids of the categories shown open. */
  openGroups: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** `team\nplayer` of the player being deleted. */
  deleting: string | null;
  onDelete: (category: Category, team: string, player: string) => void;
};

/** Every league group as in the menus, each opening to its teams and their players, each deletable. */
export default function PlayerGroups({ categories, openGroups, onToggle, deleting, onDelete }: Props) {
  const ids = useId();
  return (
    <ul className="grid gap-2" aria-label="Παίκτες ανά ομάδα">
      {categories.map((category) => {
        const expanded = openGroups.has(category.id);
        const listId = `${ids}-group-${category.id}`;
        return (
          <li key={category.id} className="rounded-md border border-line">
            <h3>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => onToggle(category.id)}
                className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left font-semibold hover:bg-mist"
              >
                {groupLabel(category)}
                <span className="text-sm font-normal text-muted">{category.teams.length} ομάδες</span>
              </button>
            </h3>
            <div id={listId} hidden={!expanded} className="grid gap-4 border-t border-line p-3">
              {category.teams.map((team) => (
                <section key={team.name} aria-label={team.name}>
                  <h4 className="font-semibold">{team.name}</h4>
                  {team.players.length === 0 ? (
                    <p className="text-sm text-muted">{PLAYER_MESSAGES.noPlayers}</p>
                  ) : (
                    <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                      {team.players.map((player) => (
                        <li
                          key={player.name}
                          className="flex items-center justify-between gap-2 rounded-md bg-mist pl-3"
                        >
                          <span className="min-w-0 break-words">{player.name}</span>
                          <button
                            type="button"
                            onClick={() => onDelete(category, team.name, player.name)}
                            disabled={deleting === `${team.name}\n${player.name}`}
                            aria-label={`Διαγραφή ${player.name} (${team.name})`}
                            className="min-h-11 min-w-11 shrink-0 rounded-md px-3 text-sm font-semibold text-danger hover:bg-danger/10 disabled:opacity-50"
                          >
                            Διαγραφή
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
