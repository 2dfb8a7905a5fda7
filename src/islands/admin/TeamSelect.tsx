import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  exactTeam,
  filterTeamOptions,
  PRODUCT_FORM_TEXT,
  type TeamOption,
} from '../../domain/admin/product-form-state.ts';
import Field from './ui/Field.tsx';

export type TeamSelectProps = {
  id: string;
  label: string;
  /** null while the categories are still loading. */
  options: TeamOption[] | null;
  value: string;
  onChange: (team: string) => void;
  error?: string | undefined;
  required?: boolean;
};

/**
 * A team dropdown with search (ARIA combobox with a listbox): typing filters the teams, arrows move,
 * Enter picks, Escape closes. Only a team from the list becomes the value.
 */
export default function TeamSelect({
  id,
  label,
  options,
  value,
  onChange,
  error,
  required,
}: TeamSelectProps) {
  const listId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const box = useCombobox(options ?? [], onChange, `${listId}-`);
  const loading = options === null;
  const empty = options !== null && options.length === 0;

  return (
    <Field
      id={id}
      label={label}
      required={required}
      error={error}
      describedBy={loading || empty ? hintId : undefined}
      className="relative"
    >
      {(control) => (
        <>
          <div className="relative">
            <input
              {...control}
              ref={inputRef}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={box.open}
              aria-controls={listId}
              aria-activedescendant={box.activeOption ? box.optionId(box.activeOption) : undefined}
              aria-required={required}
              disabled={loading || empty}
              placeholder="Αναζήτηση ομάδας..."
              value={box.query ?? value}
              onChange={(event) => box.type(event.target.value)}
              onFocus={() => box.setOpen(true)}
              onClick={() => box.setOpen(true)}
              onBlur={box.settle}
              onKeyDown={box.onKeyDown}
              className="min-h-11 w-full rounded-md border border-line bg-paper px-3 pr-11 text-base disabled:bg-mist disabled:text-muted aria-invalid:border-danger"
            />
            <button
              type="button"
              tabIndex={-1}
              aria-label="Εμφάνιση ομάδων"
              disabled={loading || empty}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                box.setOpen(!box.open);
                inputRef.current?.focus();
              }}
              className="absolute inset-y-0 right-0 grid w-11 place-items-center text-muted disabled:opacity-40"
            >
              <span aria-hidden="true">▾</span>
            </button>
          </div>
          <TeamListbox id={listId} label={label} value={value} box={box} />
          {loading || empty ? (
            <p id={hintId} className="mt-1 text-sm text-muted" role="status">
              {loading ? PRODUCT_FORM_TEXT.teamsLoading : PRODUCT_FORM_TEXT.noTeams}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}

type Combobox = ReturnType<typeof useCombobox>;

/** The combobox's state: the typed text (null = showing the value), open or not, the highlighted option. */
function useCombobox(options: TeamOption[], onChange: (team: string) => void, optionPrefix: string) {
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const shown = filterTeamOptions(options, query ?? '');
  const activeOption = open ? shown[Math.min(active, shown.length - 1)] : undefined;
  const optionId = (option: TeamOption) => `${optionPrefix}${shown.indexOf(option)}`;

  const close = () => {
    setQuery(null);
    setOpen(false);
  };
  const pick = (option: TeamOption) => {
    onChange(option.name);
    close();
  };
  // Leaving the field keeps only a real team: an exact name counts, an empty field clears the value.
  const settle = () => {
    if (query !== null) {
      const exact = exactTeam(options, query);
      if (exact) onChange(exact.name);
      else if (query.trim() === '') onChange('');
    }
    close();
  };
  const type = (text: string) => {
    setQuery(text);
    setActive(0);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (shown.length === 0 ? 0 : (current + step + shown.length) % shown.length));
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted team instead of submitting the form.
      event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return { query, open, setOpen, shown, activeOption, optionId, pick, settle, type, onKeyDown };
}

function TeamListbox({ id, label, value, box }: { id: string; label: string; value: string; box: Combobox }) {
  const groups = [...new Set(box.shown.map((option) => option.group))];
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      hidden={!box.open}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-line bg-paper py-1 shadow-card"
    >
      {box.shown.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted">Καμία ομάδα δεν ταιριάζει στην αναζήτηση.</p>
      ) : (
        groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldset.
          <div key={group} role="group" aria-label={group}>
            {groups.length > 1 ? (
              <div aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-bold uppercase text-muted">
                {group}
              </div>
            ) : null}
            {box.shown
              .filter((option) => option.group === group)
              .map((option) => (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox input (aria-activedescendant).
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for every option.
                <div
                  key={option.name}
                  id={box.optionId(option)}
                  role="option"
                  aria-selected={option.name === value}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => box.pick(option)}
                  className={`flex min-h-11 cursor-pointer items-center px-3 text-sm ${
                    option === box.activeOption ? 'bg-ink text-paper' : 'hover:bg-mist'
                  } ${option.name === value ? 'font-semibold' : ''}`}
                >
                  {option.name}
                </div>
              ))}
          </div>
        ))
      )}
    </div>
  );
}
