import { MESSAGES } from '../../domain/auth/login-messages.ts';
import { isPriceRangeInput } from '../../domain/catalog/price-input.ts';
import { showResultsLabel } from '../../domain/catalog/singles-chips.ts';
import type { FilterOptions, SinglesFilters } from '../../domain/catalog/singles-filters.ts';
import SinglesFactFilters from '../SinglesFactFilters.tsx';
import { useFilterDialog } from './useFilterDialog.ts';

const SORTS = [
  { value: 'newest', label: 'Νεότερα' },
  { value: 'oldest', label: 'Παλαιότερα' },
  { value: 'name', label: 'Όνομα (Α-Ω)' },
  { value: 'price-asc', label: 'Τιμή: χαμηλή προς υψηλή' },
  { value: 'price-desc', label: 'Τιμή: υψηλή προς χαμηλή' },
];

const field =
  'min-h-11 w-full rounded-md border border-line bg-paper px-3 disabled:bg-mist disabled:text-muted';

type Props = {
  filters: SinglesFilters;
  options: FilterOptions;
  searchText: string;
  setSearchText: (text: string) => void;
  update: (field: keyof SinglesFilters, value: string | number) => void;
  /** The results' count, for the phone panel's «Δείτε N αποτελέσματα»; null while it loads. */
  total: number | null;
};

/**
 * The filters: a real GET form, so without script its button sends it; with script every change
 * applies at once. A sidebar from `lg` up; below it, a «Φίλτρα» button opens them in a dialog
 * whose sticky button shows the results (without script they stay open in the page).
 */
export default function SinglesFilterForm({
  filters,
  options,
  searchText,
  setSearchText,
  update,
  total,
}: Props) {
  const panel = useFilterDialog();
  const modal = panel.phone;
  const form = (
    <form
      id="singles-filters"
      action="/singles"
      method="get"
      aria-labelledby="singles-filters-heading"
      className={modal ? 'flex min-h-full flex-col' : 'hidden noscript:block lg:block'}
      onSubmit={(event) => {
        event.preventDefault();
        if (searchText !== filters.search) update('search', searchText);
      }}
    >
      {modal ? (
        <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-line bg-paper py-1 pr-1 pl-4">
          <h2 id="singles-filters-heading" className="text-lg font-bold">
            Φίλτρα
          </h2>
          <button
            ref={panel.firstFocus}
            type="button"
            className="grid size-11 place-items-center rounded-full text-2xl hover:bg-mist"
            aria-label="Κλείσιμο"
            onClick={panel.close}
          >
            ×
          </button>
        </div>
      ) : (
        <h2 id="singles-filters-heading" className="sr-only">
          Φίλτρα
        </h2>
      )}
      <div className={modal ? 'grid gap-3 p-4' : 'grid gap-3'}>
        <label className="grid gap-1 text-sm font-semibold">
          Αναζήτηση
          <input
            type="search"
            name="search"
            className={field}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Τίτλος, ομάδα, περιγραφή"
          />
        </label>
        <PlaceFilters filters={filters} options={options} update={update} />
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-1 text-sm font-semibold">Τιμή (EUR)</legend>
          {(['min', 'max'] as const).map((bound) => (
            <label key={bound} className="grid gap-1 text-xs">
              {bound === 'min' ? 'Από' : 'Έως'}
              <input
                name={bound}
                inputMode="decimal"
                className={field}
                value={filters[bound]}
                onChange={(event) => {
                  if (isPriceRangeInput(event.target.value)) update(bound, event.target.value);
                }}
              />
            </label>
          ))}
        </fieldset>
        <SinglesFactFilters filters={filters} update={update} fieldClass={field} />
        <label className="grid gap-1 text-sm font-semibold">
          Ταξινόμηση
          <select
            name="sort"
            className={field}
            value={filters.sort}
            onChange={(event) => update('sort', event.target.value)}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        {/* Shown without script; with script only to keyboard users, who reach it with Tab. */}
        <button
          type="submit"
          className="sr-only min-h-11 rounded-full bg-ink px-4 font-semibold text-paper focus:not-sr-only noscript:not-sr-only"
        >
          Εφαρμογή φίλτρων
        </button>
      </div>
      {modal && (
        <div className="sticky bottom-0 mt-auto border-t border-line bg-paper p-3">
          <button
            type="button"
            className="min-h-11 w-full rounded-full bg-ink px-4 font-semibold text-paper"
            onClick={panel.close}
          >
            {total === null ? MESSAGES.loading : showResultsLabel(total)}
          </button>
        </div>
      )}
    </form>
  );
  return (
    <div>
      <button
        ref={panel.opener}
        type="button"
        className="mb-3 flex min-h-11 w-full items-center justify-between rounded-md border border-line px-3 font-semibold noscript:hidden lg:hidden"
        aria-haspopup="dialog"
        onClick={panel.open}
      >
        Φίλτρα <span aria-hidden="true">▸</span>
      </button>
      {modal ? (
        <dialog
          {...panel.dialogProps}
          aria-labelledby="singles-filters-heading"
          className="m-0 ml-auto h-dvh max-h-none w-full max-w-md overflow-y-auto bg-paper p-0 text-ink backdrop:bg-ink/60"
        >
          {form}
        </dialog>
      ) : (
        form
      )}
    </div>
  );
}

type PlaceProps = Pick<Props, 'filters' | 'options' | 'update'>;

/** Sport, then one of its teams, then one of that team's players. */
function PlaceFilters({ filters, options, update }: PlaceProps) {
  const sport = options.find((option) => option.sport === filters.category);
  const team = sport?.teams.find((candidate) => candidate.name === filters.team);
  return (
    <>
      <label className="grid gap-1 text-sm font-semibold">
        Άθλημα
        <select
          name="category"
          className={field}
          value={filters.category}
          onChange={(event) => update('category', event.target.value)}
        >
          <option value="">All sports</option>
          {options.map((option) => (
            <option key={option.sport} value={option.sport}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Ομάδα
        <select
          name="team"
          className={field}
          value={filters.team}
          disabled={!sport}
          onChange={(event) => update('team', event.target.value)}
        >
          <option value="">Όλες οι ομάδες</option>
          {sport?.teams.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-semibold">
        Παίκτης
        <select
          name="player"
          className={field}
          value={filters.player}
          disabled={!team}
          onChange={(event) => update('player', event.target.value)}
        >
          <option value="">Όλοι οι παίκτες</option>
          {team?.players.map((player) => (
            <option key={player} value={player}>
              {player}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
