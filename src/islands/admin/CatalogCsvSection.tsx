import { useEffect, useId, useState } from 'react';
import { SPORTS } from '../../domain/catalog/sports.ts';
import { callApi, sendText } from '../../stores/api.ts';
import { sessionEnded } from '../../stores/session.ts';

type RowError = { line: number; field: string; message: string };
type DryRun = {
  counts: { create: number; update: number; skip: number; errors: number };
  errors: RowError[];
  notices: RowError[];
  rows: Array<{ line: number; handle: string; title: string; action: 'create' | 'update' }>;
};
type Job = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: { created: number; updated: number } | null;
  error: string | null;
};

const ACTION_LABELS = { create: 'Νέο', update: 'Ενημέρωση' } as const;
const POLL_MS = 400;
const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-4 text-sm font-semibold hover:bg-mist disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Bulk catalogue in Shopify's product CSV (decision 053): export the whole catalogue or one sport,
 * and import a file: a dry run first (what it creates, updates and skips, every row's errors),
 * then the import itself with a progress bar.
 */
export default function CatalogCsvSection() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [sport, setSport] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The progress bar follows the import until it has finished.
  useEffect(() => {
    if (job?.state !== 'queued' && job?.state !== 'running') return;
    const timer = setTimeout(async () => {
      const result = await callApi<Job>('GET', `/api/admin/catalog/import/${encodeURIComponent(job.id)}`);
      if (result.ok) setJob(result.data);
      else setError(`Αποτυχία ανάγνωσης της προόδου: ${result.error.message}`);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const fail = (message: string, kind: string) => {
    if (kind === 'unauthorized') sessionEnded();
    setError(message);
  };

  async function pick(picked: File | undefined) {
    setDryRun(null);
    setJob(null);
    setError(null);
    setFile(picked ? { name: picked.name, text: await picked.text() } : null);
  }

  async function check() {
    if (!file) return;
    setBusy(true);
    setError(null);
    setJob(null);
    const result = await sendText<DryRun>('/api/admin/catalog/import?mode=dry-run', file.text, 'text/csv');
    setBusy(false);
    if (result.ok) setDryRun(result.data);
    else fail(`Ο έλεγχος απέτυχε: ${result.error.message}`, result.error.kind);
  }

  async function commit() {
    if (!file) return;
    setBusy(true);
    setError(null);
    const result = await sendText<Job>('/api/admin/catalog/import?mode=commit', file.text, 'text/csv');
    setBusy(false);
    if (result.ok) setJob(result.data);
    else fail(`Η εισαγωγή απέτυχε: ${result.error.message}`, result.error.kind);
  }

  const changes = dryRun ? dryRun.counts.create + dryRun.counts.update : 0;
  const running = job?.state === 'queued' || job?.state === 'running';
  const percent =
    job && job.total > 0 ? Math.round((job.done / job.total) * 100) : job?.state === 'done' ? 100 : 0;
  const exportHref = `/api/admin/catalog/export${sport ? `?sport=${sport}` : ''}`;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-card border border-line p-4 shadow-card">
      <h2 id={`${ids}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${ids}-body`}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 w-full items-center justify-between gap-2 text-left"
        >
          Κατάλογος σε CSV (εξαγωγή και εισαγωγή)
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </button>
      </h2>
      <div id={`${ids}-body`} hidden={!open} className="mt-4 grid gap-6">
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-semibold">
            Εξαγωγή
            <select
              className="min-h-11 rounded-md border border-line bg-paper px-3"
              value={sport}
              onChange={(event) => setSport(event.target.value)}
            >
              <option value="">Όλος ο κατάλογος</option>
              {SPORTS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <a href={exportHref} download className={buttonClass}>
            Λήψη CSV
          </a>
        </div>

        <div className="grid gap-3">
          <label className="grid gap-1 text-sm font-semibold">
            Αρχείο CSV για εισαγωγή
            <input
              type="file"
              accept=".csv,text/csv"
              className="min-h-11 text-sm"
              disabled={busy || running}
              onChange={(event) => void pick(event.target.files?.[0])}
            />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonClass} disabled={!file || busy || running} onClick={check}>
              {busy && !dryRun ? 'Έλεγχος...' : 'Έλεγχος αρχείου'}
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={
                !dryRun ||
                dryRun.counts.errors > 0 ||
                changes === 0 ||
                busy ||
                running ||
                job?.state === 'done'
              }
              onClick={commit}
            >
              Εισαγωγή
            </button>
          </div>
        </div>

        {error && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        )}

        {dryRun && (
          <div className="grid gap-3" data-testid="import-dry-run">
            <p role="status" className="font-semibold">
              Νέα: {dryRun.counts.create} · Ενημερώσεις: {dryRun.counts.update} · Χωρίς αλλαγή:{' '}
              {dryRun.counts.skip} · Σφάλματα: {dryRun.counts.errors}
            </p>
            {dryRun.counts.errors > 0 && (
              <p className="text-sm text-danger">
                Διορθώστε τα σφάλματα και ελέγξτε ξανά· δεν θα αποθηκευτεί τίποτα.
              </p>
            )}
            <RowList label="Σφάλματα" items={dryRun.errors} tone="text-danger" />
            <RowList label="Τι αφήνεται έξω" items={dryRun.notices} tone="text-muted" />
            {dryRun.rows.length > 0 && (
              <table className="w-full text-sm">
                <caption className="sr-only">Τι θα αλλάξει</caption>
                <thead>
                  <tr className="border-b border-line text-left">
                    <th scope="col" className="py-1 pr-3">
                      Γραμμή
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Handle
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Τίτλος
                    </th>
                    <th scope="col" className="py-1">
                      Ενέργεια
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dryRun.rows.map((row) => (
                    <tr key={row.handle} className="border-b border-line last:border-0">
                      <td className="py-1 pr-3 tabular-nums">{row.line}</td>
                      <td className="py-1 pr-3 break-all">{row.handle}</td>
                      <td className="py-1 pr-3">{row.title}</td>
                      <td className="py-1">{ACTION_LABELS[row.action]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}

        {job && (
          <div className="grid gap-2">
            <progress
              className="h-3 w-full accent-accent"
              max={100}
              value={percent}
              aria-label="Πρόοδος εισαγωγής"
            />
            <p role="status" className="text-sm">
              {job.state === 'queued' && 'Η εισαγωγή ξεκινά...'}
              {job.state === 'running' && `Εισαγωγή: ${job.done} από ${job.total}...`}
              {job.state === 'done' &&
                `Η εισαγωγή ολοκληρώθηκε: ${job.result?.created ?? 0} νέα, ${job.result?.updated ?? 0} ενημερώσεις.`}
              {job.state === 'failed' && <span className="text-danger">{job.error}</span>}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

function RowList({ label, items, tone }: { label: string; items: RowError[]; tone: string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-bold">{label}</h3>
      {/* Every row is listed, however many: a long list scrolls in its own box. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <ul className={`grid max-h-80 gap-1 overflow-y-auto text-sm ${tone}`} aria-label={label} tabIndex={0}>
        {items.map((item) => (
          <li key={`${item.line}|${item.field}|${item.message}`}>
            Γραμμή {item.line}
            {item.field ? `, στήλη «${item.field}»` : ''}: {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
