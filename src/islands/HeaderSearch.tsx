import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../domain/auth/login-messages.ts';
import {
  nextIndex,
  normaliseQuery,
  previousIndex,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  type SearchResult,
} from '../domain/catalog/search-box.ts';
import { formatEuro } from '../domain/text/money.ts';
import { callApi } from '../stores/api.ts';

type Props = {
  /** Keeps aria ids apart: the header mounts one search in the bar and one in the mobile menu. */
  idPrefix: string;
  /** In the mobile menu the results push the menu down instead of floating over it. */
  inline?: boolean;
};
type Status = 'idle' | 'loading' | 'done' | 'error';

const PLACEHOLDER = '/images/placeholder-card.svg';

/** Header product search (spec section 2): a combobox with a listbox of up to 8 results. */
export default function HeaderSearch({ idPrefix, inline = false }: Props) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [error, setError] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const latest = useRef(0);
  const root = useRef<HTMLElement>(null);
  const query = normaliseQuery(text);

  useEffect(() => {
    // Every new query takes a ticket; an answer whose ticket is no longer the latest is dropped,
    // so a slow old response never overwrites a newer one.
    const ticket = ++latest.current;
    setActive(-1);
    setResults([]);
    if (query === '') {
      setStatus('idle');
      return;
    }
    setStatus('loading');
    const timer = setTimeout(async () => {
      const result = await callApi<{ results: SearchResult[] }>(
        'GET',
        `/api/search?q=${encodeURIComponent(query)}`,
      );
      if (ticket !== latest.current) return;
      if (result.ok) {
        setResults(result.data.results);
        setStatus('done');
      } else {
        setError(`Αποτυχία φόρτωσης προϊόντων: ${result.error.message}`);
        setStatus('error');
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // A click or tap anywhere else closes the results (they come back when the input is focused).
  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  const optionId = (index: number) => `${idPrefix}-option-${index}`;
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const shown = open && status !== 'idle';
  const expanded = shown && results.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const move = event.key === 'ArrowDown' ? nextIndex : previousIndex;
      setActive(move(active, results.length));
    } else if (event.key === 'Enter') {
      const chosen = expanded ? results[active] : undefined;
      if (chosen) {
        event.preventDefault();
        window.location.assign(chosen.href);
      } else if (query === '') event.preventDefault();
    } else if (event.key === 'Escape') {
      // Escape closes the innermost thing first: the results, then the text; with neither it
      // reaches the header menus, which close the mobile panel.
      if (shown) setOpen(false);
      else if (text !== '') setText('');
      else return;
      event.preventDefault();
      event.stopPropagation();
      setActive(-1);
    }
  };

  return (
    <search
      ref={root}
      className="relative"
      onBlur={(event) => {
        // Tabbing away closes; a click on a result must not (pointerdown handles clicks outside).
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      {/* Enter with no result chosen submits this form: the full search on /singles. */}
      <form action="/singles" method="get" className="relative">
        {/* The magnifier submits, so the search can be sent without a keyboard's Enter too. */}
        <button
          type="submit"
          aria-label="Αναζήτηση"
          className="absolute top-0 left-0 grid size-11 place-items-center rounded-full text-muted hover:text-ink"
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
        </button>
        <input
          id={`${idPrefix}-input`}
          type="text"
          name="search"
          role="combobox"
          aria-label="Αναζήτηση προϊόντων"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${idPrefix}-listbox`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Αναζήτηση..."
          className="min-h-11 w-full rounded-full border border-line bg-mist pr-4 pl-10 text-sm placeholder:text-muted focus:bg-paper"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {/* Always in the page, so screen readers hear its status change; visible only with something to show. */}
        <div
          className={
            !shown
              ? 'sr-only'
              : inline
                ? 'mt-2 rounded-card border border-line bg-paper p-1'
                : 'absolute top-full right-0 z-50 mt-2 max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-card border border-line bg-paper p-1 shadow-card'
          }
        >
          <p role="status" className={status === 'error' ? 'px-3 py-2 text-sm text-danger' : 'px-3 text-sm'}>
            {!shown ? '' : <StatusText status={status} error={error} count={results.length} />}
          </p>
          <div
            id={`${idPrefix}-listbox`}
            role="listbox"
            aria-label="Αποτελέσματα αναζήτησης"
            hidden={!expanded}
          >
            {/* Real links, so a click, middle-click or long-press works; focus stays in the input. */}
            {expanded &&
              results.map((result, index) => (
                <a
                  key={result.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  href={result.href}
                  className="flex min-h-14 items-center gap-3 rounded-md px-2 py-1.5 hover:bg-mist aria-selected:bg-mist aria-selected:outline-2 aria-selected:outline-accent aria-selected:-outline-offset-2"
                  onPointerMove={() => setActive(index)}
                >
                  <img
                    src={result.image ?? PLACEHOLDER}
                    alt=""
                    width="40"
                    height="56"
                    loading="lazy"
                    decoding="async"
                    className="aspect-[5/7] w-10 shrink-0 rounded bg-mist object-cover"
                    onError={(event) => {
                      if (!event.currentTarget.src.endsWith(PLACEHOLDER))
                        event.currentTarget.src = PLACEHOLDER;
                    }}
                  />
                  <span className="line-clamp-2 grow text-sm font-medium">{result.title}</span>
                  <span className="shrink-0 text-sm font-bold tabular-nums">
                    {result.priceCents === null ? MESSAGES.noPrice : formatEuro(result.priceCents)}
                  </span>
                </a>
              ))}
          </div>
        </div>
      </form>
    </search>
  );
}

function StatusText({ status, error, count }: { status: Status; error: string; count: number }) {
  if (status === 'loading') return <span className="block py-2">{MESSAGES.loading}</span>;
  if (status === 'error') return error;
  if (count === 0) return <span className="block py-2">{MESSAGES.noProductsFound}</span>;
  return <span className="sr-only">{`${count} αποτελέσματα`}</span>;
}
