import { useEffect, useState } from 'react';
import { formatDateTime } from '../../domain/admin/lists.ts';
import type { StorefrontState } from '../../domain/rebuild/build-record.ts';
import { rebuildStorefront, storefrontState } from '../../stores/admin-api.ts';
import ErrorAlert from './ui/ErrorAlert.tsx';

/** Close watch while a change waits or builds, a slow one otherwise (a change made elsewhere still shows). */
export const POLL_BUSY_MS = 3_000;
export const POLL_IDLE_MS = 15_000;

const LABELS: Record<StorefrontState['state'], string> = {
  up_to_date: 'Ενημερωμένο',
  stale: 'Εκκρεμούν αλλαγές',
  building: 'Δημιουργία σε εξέλιξη…',
  failed: 'Απέτυχε',
};

const TONES: Record<StorefrontState['state'], string> = {
  up_to_date: 'bg-success',
  stale: 'bg-accent',
  building: 'bg-accent animate-pulse',
  failed: 'bg-danger',
};

/** Reads the storefront's state now and again (closer while it changes); `rebuild` asks for a build. */
function useStorefrontState() {
  const [state, setState] = useState<StorefrontState | null>(null);
  const [error, setError] = useState('');
  const [requesting, setRequesting] = useState(false);
  // Bumped to restart polling at once (after "rebuild now").
  const [restart, setRestart] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `restart` only restarts the loop.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      const result = await storefrontState();
      if (stopped) return;
      if (result.ok) {
        setState(result.data);
        setError('');
      } else {
        setError(`Αποτυχία ανάγνωσης κατάστασης: ${result.error.message}`);
      }
      const settled = result.ok && result.data.state === 'up_to_date';
      timer = setTimeout(poll, settled ? POLL_IDLE_MS : POLL_BUSY_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [restart]);

  async function rebuild() {
    setRequesting(true);
    const result = await rebuildStorefront();
    setRequesting(false);
    if (!result.ok) {
      setError(`Σφάλμα ανανέωσης: ${result.error.message}`);
      return;
    }
    setState(result.data);
    setError('');
    setRestart((count) => count + 1);
  }

  return { state, error, requesting, rebuild };
}

/** The static storefront's build state, so the owner knows when a change is live (ARCHITECTURE.md). */
export default function StorefrontStatus() {
  const { state, error, requesting, rebuild } = useStorefrontState();
  const building = state?.state === 'building';
  // A build log can be long: the status line shows its first line, the box below the rest.
  const failure = state?.state === 'failed' ? (state.lastFailure?.error ?? '') : '';
  return (
    <section
      aria-labelledby="storefront-heading"
      className="grid gap-3 rounded-card border border-line p-4 shadow-card sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <h2 id="storefront-heading" className="text-sm font-semibold text-muted">
          Κατάσταση καταστήματος
        </h2>
        <p
          data-testid="storefront-status"
          data-state={state?.state ?? 'unknown'}
          aria-live="polite"
          className="flex items-center gap-2 font-bold"
        >
          {state ? (
            <>
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${TONES[state.state]}`} />
              {state.state === 'failed' ? `${LABELS.failed}: ${failure.split('\n')[0]}` : LABELS[state.state]}
            </>
          ) : (
            'Φόρτωση...'
          )}
        </p>
        {building && state.running?.progress && (
          <p className="truncate text-sm text-muted" data-testid="storefront-progress">
            {state.running.progress}
          </p>
        )}
        {failure.includes('\n') && (
          <pre className="max-h-40 overflow-y-auto rounded-md bg-mist p-2 text-xs break-words whitespace-pre-wrap">
            {failure}
          </pre>
        )}
        {state?.lastSuccessAt && (
          <p className="text-sm text-muted">
            Τελευταία επιτυχής ενημέρωση: {formatDateTime(state.lastSuccessAt)}
          </p>
        )}
        <ErrorAlert message={error} small />
      </div>
      <button
        type="button"
        onClick={rebuild}
        disabled={requesting || building}
        className="min-h-11 rounded-full border border-ink px-5 font-semibold hover:bg-mist disabled:opacity-50"
      >
        Ανανέωση τώρα
      </button>
    </section>
  );
}
