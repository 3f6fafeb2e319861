import { type Pagination, showingText } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import buttonStyles from '../ui/button.module.css';
import pageStyles from './dashboard-page.module.css';
import styles from './list-pager.module.css';

interface ListPagerProps {
  /** Names the landmark for screen readers, e.g. "Ticket list pages". */
  label: string;
  page: number;
  pageSize: number;
  pagination: Pick<Pagination, 'total' | 'pages'>;
  setPage(page: number): void;
}

/** "Showing x–y of n" and Previous/Next buttons (shown only when there is more than one page). */
export function ListPager({ label, page, pageSize, pagination, setPage }: ListPagerProps) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>{showingText(page, pagination.total, pageSize)}</p>
      {pagination.pages > 1 && (
        <div className={styles.pagerButtons}>
          <button type="button" className={buttonStyles.btn} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" size={16} /> Previous
          </button>
          <span className={pageStyles.small}>
            Page {page} of {pagination.pages}
          </span>
          <button
            type="button"
            className={buttonStyles.btn}
            disabled={page >= pagination.pages}
            onClick={() => setPage(page + 1)}
          >
            Next <ChevronRight aria-hidden="true" size={16} />
          </button>
        </div>
      )}
    </nav>
  );
}
