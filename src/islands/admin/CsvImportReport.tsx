/** What a CSV import reports: the dry run's counts, errors and rows, then the import's progress. */

export type RowError = { line: number; field: string; message: string };
export type ImageFailure = { line: number; url: string; message: string };
export type DryRun = {
  counts: { create: number; update: number; skip: number; errors: number };
  /** Images the import fetches from the owner's image hosts (the dry run fetches none). */
  images: number;
  errors: RowError[];
  notices: RowError[];
  rows: Array<{ line: number; handle: string; title: string; action: 'create' | 'update' }>;
};
export type Job = {
  id: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  result: {
    created: number;
    updated: number;
    images?: { fetched: number; failed: ImageFailure[] };
  } | null;
  error: string | null;
};

const ACTION_LABELS = { create: 'Νέο', update: 'Ενημέρωση' } as const;

export function DryRunReport({ dryRun }: { dryRun: DryRun }) {
  return (
    <div className="grid gap-3" data-testid="import-dry-run">
      <p role="status" className="font-semibold">
        Νέα: {dryRun.counts.create} · Ενημερώσεις: {dryRun.counts.update} · Χωρίς αλλαγή: {dryRun.counts.skip}{' '}
        · Σφάλματα: {dryRun.counts.errors}
      </p>
      {dryRun.images > 0 && (
        <p className="text-sm">
          Εικόνες που θα ληφθούν κατά την εισαγωγή: {dryRun.images} (ο έλεγχος δεν κατεβάζει καμία).
        </p>
      )}
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

/** `images`: how many of the job's first steps are images to fetch (the commit's answer says). */
export function JobProgress({ job, images }: { job: Job; images: number }) {
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.state === 'done' ? 100 : 0;
  const fetching = job.state === 'running' && job.done < images;
  return (
    <div className="grid gap-2">
      <progress
        className="h-3 w-full accent-accent"
        max={100}
        value={percent}
        aria-label="Πρόοδος εισαγωγής"
      />
      <p role="status" className="text-sm">
        {job.state === 'queued' && 'Η εισαγωγή ξεκινά...'}
        {fetching && `Λήψη εικόνων: ${job.done} από ${images}...`}
        {job.state === 'running' &&
          !fetching &&
          `Εισαγωγή: ${job.done - images} από ${job.total - images}...`}
        {job.state === 'done' &&
          `Η εισαγωγή ολοκληρώθηκε: ${job.result?.created ?? 0} νέα, ${job.result?.updated ?? 0} ενημερώσεις.`}
        {job.state === 'failed' && <span className="text-danger">{job.error}</span>}
      </p>
      {job.result?.images && <ImageReport report={job.result.images} />}
    </div>
  );
}

/** The import's images: how many came, and each that did not, with its row and reason. */
function ImageReport({ report }: { report: { fetched: number; failed: ImageFailure[] } }) {
  return (
    <>
      <p className="text-sm">
        Εικόνες: {report.fetched} λήφθηκαν
        {report.failed.length > 0
          ? `, ${report.failed.length} όχι (τα προϊόντα τους εισήχθησαν χωρίς αυτές· μια νέα εισαγωγή του ίδιου αρχείου τις δοκιμάζει ξανά).`
          : '.'}
      </p>
      <RowList
        label="Εικόνες που δεν λήφθηκαν"
        tone="text-danger"
        items={report.failed.map((failure) => ({
          line: failure.line,
          field: 'Image Src',
          message: `${failure.url.slice(0, 200)}: ${failure.message}`,
        }))}
      />
    </>
  );
}
