import { useEffect, useRef, useState } from 'react';
import { CONDITIONS, MANUFACTURERS } from '../domain/card-facts/facts.ts';
import {
  conditionFilterLabel,
  FLAG_FILTERS,
  GRADE_FILTERS,
  GRADER_FILTERS,
  gradeLabel,
  NUMBERED_FILTERS,
} from '../domain/catalog/singles-chips.ts';
import { type FactParam, hasFactFilter, type SinglesFilters } from '../domain/catalog/singles-filters.ts';

const DEBOUNCE_MS = 300;

type Props = {
  filters: SinglesFilters;
  update: (field: FactParam, value: string) => void;
  fieldClass: string;
};

/**
 * The singles browser's card-fact filters (decision 051): named fields of the same GET form, so
 * they work without script; typed ones (years, set) wait 300 ms like the search box.
 */
export default function SinglesFactFilters({ filters, update, fieldClass }: Props) {
  const makers: string[] = [...MANUFACTURERS];
  if (filters.maker && !makers.includes(filters.maker)) makers.push(filters.maker);
  // Open when a fact filter is set, then as the shopper leaves it: clearing the last filter
  // keeps it open. A filter set from outside (back, forward) opens it again.
  const active = hasFactFilter(filters);
  const [open, setOpen] = useState(active);
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setOpen(true);
    wasActive.current = active;
  }, [active]);
  return (
    <details
      className="rounded-md border border-line p-3"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold">Στοιχεία κάρτας</summary>
      <div className="mt-2 grid gap-3">
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-1 text-sm font-semibold">Χρονιά / σεζόν</legend>
          <DraftInput
            name="from"
            label="Πρώτη σεζόν"
            value={filters.from}
            valid={isYearDraft}
            inputMode="numeric"
            className={fieldClass}
            apply={(value) => update('from', value)}
          />
          <DraftInput
            name="to"
            label="Τελευταία σεζόν"
            value={filters.to}
            valid={isYearDraft}
            inputMode="numeric"
            className={fieldClass}
            apply={(value) => update('to', value)}
          />
        </fieldset>
        <label className="grid gap-1 text-sm font-semibold">
          Κατασκευαστής
          <select
            name="maker"
            className={fieldClass}
            value={filters.maker}
            onChange={(event) => update('maker', event.target.value)}
          >
            <option value="">Όλοι οι κατασκευαστές</option>
            {makers.map((maker) => (
              <option key={maker} value={maker}>
                {maker}
              </option>
            ))}
          </select>
        </label>
        <DraftInput
          name="set"
          label="Σετ"
          value={filters.set}
          valid={() => true}
          className={fieldClass}
          placeholder="π.χ. Prizm"
          apply={(value) => update('set', value)}
        />
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-semibold">Χαρακτηριστικά</legend>
          {FLAG_FILTERS.map((flag) => (
            <label key={flag.param} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={flag.param}
                value="1"
                className="size-5"
                checked={filters[flag.param] === '1'}
                onChange={(event) => update(flag.param, event.target.checked ? '1' : '')}
              />
              {flag.label}
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1 text-sm font-semibold">
          Αρίθμηση
          <select
            name="numbered"
            className={fieldClass}
            value={filters.numbered}
            onChange={(event) => update('numbered', event.target.value)}
          >
            <option value="">Όλες οι κάρτες</option>
            {NUMBERED_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Βαθμολόγηση
          <select
            name="grader"
            className={fieldClass}
            value={filters.grader}
            onChange={(event) => update('grader', event.target.value)}
          >
            <option value="">Όλες</option>
            {GRADER_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Ελάχιστος βαθμός
          <select
            name="grade"
            className={fieldClass}
            value={filters.grade}
            onChange={(event) => update('grade', event.target.value)}
          >
            <option value="">Κάθε βαθμός</option>
            {GRADE_FILTERS.map((grade) => (
              <option key={grade} value={grade}>
                {gradeLabel(grade)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Κατάσταση (raw)
          <select
            name="condition"
            className={fieldClass}
            value={filters.condition}
            onChange={(event) => update('condition', event.target.value)}
          >
            <option value="">Κάθε κατάσταση</option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {conditionFilterLabel(condition)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </details>
  );
}

const isYearDraft = (value: string) => value === '' || /^\d{4}$/.test(value);

/** A typed filter: applied 300 ms after the last key, and only once it is a value the filter takes. */
function DraftInput({
  name,
  label,
  value,
  valid,
  apply,
  className,
  inputMode,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  valid: (draft: string) => boolean;
  apply: (value: string) => void;
  className: string;
  inputMode?: 'numeric';
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value);
  // Back, forward and a cleared sport change the value from outside.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value || !valid(draft.trim())) return;
    const timer = setTimeout(() => apply(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, valid, apply]);
  return (
    <label className="grid gap-1 text-xs font-semibold">
      {label}
      <input
        name={name}
        inputMode={inputMode}
        className={className}
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
      />
    </label>
  );
}
