import { type SubmitEvent, useEffect, useId, useMemo, useState } from 'react';
import { cleanName, PLAYER_MESSAGES, playerFormError } from '../../domain/admin/player-form.ts';
import type { TeamOption } from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { CATEGORY_GROUPS, categoryGroup, SPORT_LABELS } from '../../domain/catalog/sports.ts';
import { callApi } from '../../stores/api.ts';
import TeamSelect from './TeamSelect.tsx';

type Props = { categories: Category[]; onChanged: () => void };
type Notice = { kind: 'success' | 'error'; text: string };
type Saved = { category: Category; message: string };

const NOTICE_MS = 3000;

/** 'NBA · Atlantic', 'NFL · AFC West', 'Euroleague': the league group a category stands for. */
function groupLabel(category: Category): string {
  const group = categoryGroup(category.id);
  if (!group) return category.name;
  const sport = SPORT_LABELS[group.sport];
  return sport === group.label ? sport : `${sport} · ${group.label}`;
}

/** Categories in the menus' order (spec grouping); unknown ids last. */
function ordered(categories: readonly Category[]): Category[] {
  const rank = (category: Category) => {
    const index = CATEGORY_GROUPS.findIndex((group) => group.id === category.id);
    return index === -1 ? CATEGORY_GROUPS.length : index;
  };
  return [...categories].sort((a, b) => rank(a) - rank(b));
}

/**
 * 'Διαχείριση Παικτών' (spec 2c): add a player to a team, delete one after a confirm. Each change is
 * one atomic update on the server; the storefront's menus and player pages follow after its rebuild.
 */
export default function PlayersSection({ categories: given, onChanged }: Props) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  // Our own newer copy (the server's answer to our last change, or our own load), kept only while
  // the dashboard still passes the list it was based on; its reload replaces it.
  const [latest, setLatest] = useState<{ from: Category[]; categories: Category[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [playerName, setPlayerName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());

  // The dashboard normally hands the categories over; on its own the section loads them.
  useEffect(() => {
    if (given.length > 0) return;
    let active = true;
    void callApi<{ categories: Category[] }>('GET', '/api/admin/categories').then((result) => {
      if (!active) return;
      if (result.ok) setLatest({ from: given, categories: result.data.categories });
      else setLoadError(PLAYER_MESSAGES.loadFailed(result.error.message));
    });
    return () => {
      active = false;
    };
  }, [given]);

  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const current = latest?.from === given ? latest.categories : null;
  const categories = useMemo(() => ordered(current ?? given), [current, given]);
  const loading = current === null && given.length === 0 && loadError === null;

  function applySaved(saved: Saved) {
    setLatest({
      from: given,
      categories: categories.map((category) =>
        category.id === saved.category.id ? saved.category : category,
      ),
    });
    setNotice({ kind: 'success', text: saved.message });
    onChanged();
  }

  async function addPlayer(event: SubmitEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = playerFormError({ playerName, teamName });
    setFormError(problem);
    setNotice(null);
    if (problem) return;
    setSaving(true);
    const result = await callApi<Saved>('POST', '/api/admin/players', { teamName, playerName });
    setSaving(false);
    if (!result.ok) {
      setNotice({ kind: 'error', text: PLAYER_MESSAGES.addFailed(result.error.message) });
      return;
    }
    applySaved(result.data);
    setPlayerName('');
    setOpenGroups((current) => new Set(current).add(result.data.category.id));
  }

  async function deletePlayer(category: Category, team: string, player: string) {
    if (deleting || !window.confirm(PLAYER_MESSAGES.confirmDelete(player, team))) return;
    setDeleting(`${team}\n${player}`);
    setNotice(null);
    const result = await callApi<Saved>('DELETE', '/api/admin/players', {
      categoryId: category.id,
      teamName: team,
      playerName: player,
    });
    setDeleting(null);
    if (result.ok) applySaved(result.data);
    else setNotice({ kind: 'error', text: PLAYER_MESSAGES.deleteFailed(result.error.message) });
  }

  const toggleGroup = (id: string) =>
    setOpenGroups((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Every sport's teams, grouped as in the menus: a player may be added to any team from here.
  const teamOptions: TeamOption[] = categories.flatMap((category) =>
    category.teams.map((team) => ({ name: team.name, group: groupLabel(category) })),
  );

  const bodyId = `${ids}-body`;
  const inputClass = 'min-h-11 w-full rounded-md border border-line bg-paper px-3 aria-invalid:border-danger';

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-card border border-line p-4 shadow-card">
      <h2 id={`${ids}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 text-left"
        >
          Διαχείριση Παικτών
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </button>
      </h2>

      <div id={bodyId} hidden={!open} className="mt-4 grid gap-6">
        <form
          noValidate
          onSubmit={addPlayer}
          className="grid gap-3 sm:grid-cols-2"
          aria-label="Προσθήκη παίκτη"
        >
          <label className="grid h-fit gap-1 text-sm font-semibold">
            <span>
              Όνομα παίκτη <span aria-hidden="true">*</span>
            </span>
            <input
              required
              value={playerName}
              onChange={(event) => setPlayerName(event.target.value)}
              maxLength={120}
              autoComplete="off"
              aria-invalid={formError && cleanName(playerName) === '' ? true : undefined}
              className={`${inputClass} font-normal`}
            />
          </label>
          <TeamSelect
            id={`${ids}-team`}
            label="Ομάδα"
            options={loading ? null : teamOptions}
            value={teamName}
            onChange={setTeamName}
            required
          />
          {formError && (
            <p role="alert" className="text-sm font-semibold text-danger sm:col-span-2">
              {formError}
            </p>
          )}
          <button
            type="submit"
            disabled={saving || loading}
            className="flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-bold text-paper hover:bg-accent-strong disabled:opacity-50 sm:w-fit"
          >
            {saving ? 'Προσθήκη...' : 'Προσθήκη παίκτη'}
          </button>
        </form>

        <div aria-live="polite">
          {notice && (
            <p
              role={notice.kind === 'error' ? 'alert' : 'status'}
              className={`rounded-md px-3 py-2 text-sm font-semibold ${
                notice.kind === 'success' ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger'
              }`}
            >
              {notice.text}
            </p>
          )}
        </div>
        {loadError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {loadError}
          </p>
        )}
        {loading && <p aria-busy="true">Φόρτωση...</p>}

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
                    onClick={() => toggleGroup(category.id)}
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
                                onClick={() => void deletePlayer(category, team.name, player.name)}
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
      </div>
    </section>
  );
}
