import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useMemo, useState } from 'react';
import { cleanName, PLAYER_MESSAGES, playerFormError } from '../../domain/admin/player-form.ts';
import type { TeamOption } from '../../domain/admin/product-form-state.ts';
import type { Category } from '../../domain/catalog/category.ts';
import { $categories, categoryChanged, loadCategories } from '../../stores/admin-categories.ts';
import { callApi } from '../../stores/api.ts';
import PlayerGroups from './PlayerGroups.tsx';
import { allTeamOptions, ordered } from './player-groups.ts';
import TeamSelect from './TeamSelect.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Field from './ui/Field.tsx';
import Section from './ui/Section.tsx';

type Notice = { kind: 'success' | 'error'; text: string };
type Saved = { category: Category; message: string };

const NOTICE_MS = 3000;

/**
 * 'Διαχείριση Παικτών' (spec 2c): add a player to a team, delete one after a confirm. Each change is
 * one atomic update on the server; the storefront's menus and player pages follow after its rebuild.
 */
export default function PlayersSection() {
  const { categories: read, status, failure } = useStore($categories);
  const categories = useMemo(() => ordered(read), [read]);
  const loading = read.length === 0 && status === 'loading';
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // The server's answer is the category now; every section reads them all again after it.
  function applySaved(saved: Saved) {
    categoryChanged(saved.category);
    setNotice({ kind: 'success', text: saved.message });
    void loadCategories();
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

  return (
    <Section title="Διαχείριση Παικτών">
      <AddPlayerForm
        teams={loading ? null : allTeamOptions(categories)}
        onNotice={setNotice}
        onSaved={(saved) => {
          applySaved(saved);
          setOpenGroups((current) => new Set(current).add(saved.category.id));
        }}
      />
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
      <ErrorAlert message={failure === null ? null : PLAYER_MESSAGES.loadFailed(failure)} small />
      {loading && <p aria-busy="true">Φόρτωση...</p>}
      <PlayerGroups
        categories={categories}
        openGroups={openGroups}
        onToggle={toggleGroup}
        deleting={deleting}
        onDelete={(category, team, player) => void deletePlayer(category, team, player)}
      />
    </Section>
  );
}

type FormProps = {
  /** null while the categories load. */
  teams: TeamOption[] | null;
  onNotice: (notice: Notice | null) => void;
  onSaved: (saved: Saved) => void;
};

function AddPlayerForm({ teams, onNotice, onSaved }: FormProps) {
  const ids = useId();
  const [playerName, setPlayerName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function addPlayer(event: SubmitEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = playerFormError({ playerName, teamName });
    setFormError(problem);
    onNotice(null);
    if (problem) return;
    setSaving(true);
    const result = await callApi<Saved>('POST', '/api/admin/players', { teamName, playerName });
    setSaving(false);
    if (!result.ok) {
      onNotice({ kind: 'error', text: PLAYER_MESSAGES.addFailed(result.error.message) });
      return;
    }
    onSaved(result.data);
    setPlayerName('');
  }

  return (
    <form noValidate onSubmit={addPlayer} className="grid gap-3 sm:grid-cols-2" aria-label="Προσθήκη παίκτη">
      <Field
        id={`${ids}-name`}
        label="Όνομα παίκτη"
        required
        invalid={formError !== null && cleanName(playerName) === ''}
        className="h-fit"
      >
        {(control) => (
          <input
            {...control}
            required
            value={playerName}
            onChange={(event) => setPlayerName(event.target.value)}
            maxLength={120}
            autoComplete="off"
            className="min-h-11 w-full rounded-md border border-line bg-paper px-3 text-sm aria-invalid:border-danger"
          />
        )}
      </Field>
      <TeamSelect
        id={`${ids}-team`}
        label="Ομάδα"
        options={teams}
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
        disabled={saving || teams === null}
        className="flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-bold text-paper hover:bg-accent-strong disabled:opacity-50 sm:w-fit"
      >
        {saving ? 'Προσθήκη...' : 'Προσθήκη παίκτη'}
      </button>
    </form>
  );
}
