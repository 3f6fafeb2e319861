import { LIMITS, type Pagination, pageButtons, showingText, showsPageIndicator } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import styles from './admin-users.module.css';

interface Props {
  pagination: Pagination;
  onPage(page: number): void;
}

/**
 * Pager of the member list: 'Showing x to y of z'; with more than one page, a page
 * indicator and up to three page buttons plus first, previous, next and last.
 */
export function AdminPager({ pagination, onPage }: Props) {
  const { current, pages, total } = pagination;
  const multi = showsPageIndicator(pages);
  return (
    <nav className={styles.adminPager} aria-label="Member list pages" data-testid="admin-pager">
      <p className={clsx(pageStyles.muted, pageStyles.small)} data-testid="admin-showing">
        {showingText(current, total, LIMITS.adminPageSize)}
      </p>
      {multi && (
        <>
          <p className={pageStyles.small} data-testid="admin-page-indicator">
            Page {current} of {pages}
          </p>
          <ul className={styles.adminPagerButtons}>
            <li>
              <button
                type="button"
                className={buttonStyles.iconBtn}
                aria-label="First page"
                disabled={current <= 1}
                onClick={() => onPage(1)}
              >
                <ChevronsLeft aria-hidden="true" size={18} />
              </button>
            </li>
            <li>
              <button
                type="button"
                className={buttonStyles.iconBtn}
                aria-label="Previous page"
                disabled={current <= 1}
                onClick={() => onPage(current - 1)}
              >
                <ChevronLeft aria-hidden="true" size={18} />
              </button>
            </li>
            {pageButtons(current, pages).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className={clsx(buttonStyles.iconBtn, styles.adminPagerPage, n === current && styles.isCurrent)}
                  aria-label={`Page ${n}`}
                  aria-current={n === current ? 'page' : undefined}
                  onClick={() => n !== current && onPage(n)}
                >
                  {n}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={buttonStyles.iconBtn}
                aria-label="Next page"
                disabled={current >= pages}
                onClick={() => onPage(current + 1)}
              >
                <ChevronRight aria-hidden="true" size={18} />
              </button>
            </li>
            <li>
              <button
                type="button"
                className={buttonStyles.iconBtn}
                aria-label="Last page"
                disabled={current >= pages}
                onClick={() => onPage(pages)}
              >
                <ChevronsRight aria-hidden="true" size={18} />
              </button>
            </li>
          </ul>
        </>
      )}
    </nav>
  );
}
