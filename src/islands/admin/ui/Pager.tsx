import { hasNext, hasPrevious } from '../../../domain/admin/lists.ts';
import { pagerButton } from './styles.ts';

type Props = {
  /** The navigation's name, e.g. «Σελίδες παραγγελιών». */
  label: string;
  page: number;
  pageCount: number;
  /** While a page loads both buttons wait. */
  loading?: boolean;
  onPage: (page: number) => void;
};

/** Previous and next with «Σελίδα N από M» between: the dashboard lists' pager. */
export default function Pager({ label, page, pageCount, loading = false, onPage }: Props) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button
        type="button"
        className={pagerButton}
        disabled={!hasPrevious(page) || loading}
        onClick={() => onPage(page - 1)}
      >
        Προηγούμενη
      </button>
      <span className="text-sm text-muted">
        Σελίδα {page} από {pageCount}
      </span>
      <button
        type="button"
        className={pagerButton}
        disabled={!hasNext(page, pageCount) || loading}
        onClick={() => onPage(page + 1)}
      >
        Επόμενη
      </button>
    </nav>
  );
}
