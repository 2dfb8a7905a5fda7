import { type RefObject, useEffect, useRef } from 'react';
import { clearFilters, filterChips, removeChipLabel } from '../../domain/catalog/singles-chips.ts';
import type { SinglesFilters } from '../../domain/catalog/singles-filters.ts';

type Props = {
  filters: SinglesFilters;
  go: (next: SinglesFilters) => void;
  /** Where focus goes once the last chip is gone (a removed button would leave it on the page). */
  emptyFocus: RefObject<HTMLElement | null>;
};

const CHIP =
  'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold hover:bg-mist';

/**
 * The active filters above the results, one button each to remove it, and «Καθαρισμός όλων».
 * Buttons need script, so without it the bar stays hidden (the form shows the same state).
 */
export default function FilterChips({ filters, go, emptyFocus }: Props) {
  const chips = filterChips(filters);
  const list = useRef<HTMLDivElement>(null);
  // The position of the chip just removed: focus goes to the chip that took its place.
  const removed = useRef<number | null>(null);

  useEffect(() => {
    const index = removed.current;
    if (index === null) return;
    removed.current = null;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else emptyFocus.current?.focus();
  });

  if (chips.length === 0) return null;
  return (
    <div ref={list} className="mb-3 flex flex-wrap items-center gap-2 noscript:hidden">
      <ul aria-label="Ενεργά φίλτρα" className="flex flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.id}>
            <button
              type="button"
              className={`${CHIP} border-ink bg-paper`}
              aria-label={removeChipLabel(chip)}
              onClick={() => {
                removed.current = index;
                go(chip.without);
              }}
            >
              {chip.label}
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${CHIP} border-transparent underline underline-offset-2`}
        onClick={() => {
          removed.current = 0;
          go(clearFilters(filters));
        }}
      >
        Καθαρισμός όλων
      </button>
    </div>
  );
}
