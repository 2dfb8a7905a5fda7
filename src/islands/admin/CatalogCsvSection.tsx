import { useEffect, useState } from 'react';
import { SPORTS } from '../../domain/catalog/sports.ts';
import { callApi, sendText } from '../../stores/api.ts';
import { sessionEnded } from '../../stores/session.ts';
import { type DryRun, DryRunReport, type Job, JobProgress } from './CsvImportReport.tsx';
import ErrorAlert from './ui/ErrorAlert.tsx';
import Section from './ui/Section.tsx';

const POLL_MS = 400;
const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-4 text-sm font-semibold hover:bg-mist disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Bulk catalogue in Shopify's product CSV (decision 053): export the whole catalogue or one sport,
 * and import a file: a dry run first (what it creates, updates and skips, every row's errors, how
 * many images it fetches), then the import itself with a progress bar, images first (decision 090).
 */
export default function CatalogCsvSection() {
  return (
    <Section title="Κατάλογος σε CSV (εξαγωγή και εισαγωγή)">
      <CsvExport />
      <CsvImport />
    </Section>
  );
}

function CsvExport() {
  const [sport, setSport] = useState('');
  return (
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
      <a href={`/api/admin/catalog/export${sport ? `?sport=${sport}` : ''}`} download className={buttonClass}>
        Λήψη CSV
      </a>
    </div>
  );
}

function CsvImport() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [dryRun, setDryRun] = useState<DryRun | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  /** How many of the job's first steps are images to fetch. */
  const [imageSteps, setImageSteps] = useState(0);
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

  async function pick(picked: File | undefined) {
    setDryRun(null);
    setJob(null);
    setError(null);
    setFile(picked ? { name: picked.name, text: await picked.text() } : null);
  }

  /** Sends the file for a dry run or the import; a failure says which and why. */
  async function send<T>(mode: 'dry-run' | 'commit', failed: string, done: (answer: T) => void) {
    if (!file) return;
    setBusy(true);
    setError(null);
    if (mode === 'dry-run') setJob(null);
    const result = await sendText<T>(`/api/admin/catalog/import?mode=${mode}`, file.text, 'text/csv');
    setBusy(false);
    if (result.ok) return done(result.data);
    if (result.error.kind === 'unauthorized') sessionEnded();
    setError(`${failed}: ${result.error.message}`);
  }

  const changes = dryRun ? dryRun.counts.create + dryRun.counts.update : 0;
  const running = job?.state === 'queued' || job?.state === 'running';
  const importable = dryRun && dryRun.counts.errors === 0 && changes > 0 && job?.state !== 'done';

  return (
    <>
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
          <button
            type="button"
            className={buttonClass}
            disabled={!file || busy || running}
            onClick={() => void send<DryRun>('dry-run', 'Ο έλεγχος απέτυχε', setDryRun)}
          >
            {busy && !dryRun ? 'Έλεγχος...' : 'Έλεγχος αρχείου'}
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={!importable || busy || running}
            onClick={() =>
              void send<Job & { images: number }>('commit', 'Η εισαγωγή απέτυχε', (answer) => {
                setImageSteps(answer.images);
                setJob(answer);
              })
            }
          >
            Εισαγωγή
          </button>
        </div>
      </div>
      <ErrorAlert message={error} small />
      {dryRun && <DryRunReport dryRun={dryRun} />}
      {job && <JobProgress job={job} images={imageSteps} />}
    </>
  );
}
