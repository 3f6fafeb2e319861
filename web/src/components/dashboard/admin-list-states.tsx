import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import buttonStyles from '../ui/button.module.css';
import pageStyles from './dashboard-page.module.css';
import { ListPager } from './list-pager.js';
import type { OpenedItem } from './use-opened-item.js';
import type { PagedList } from './use-paged-list.js';

// Keys for the skeleton's bars: they never reorder, but a list of elements needs stable keys.
const BARS = ['first', 'second', 'third'] as const;

/** A skeleton while a list or an item loads: `rows` bars (up to three), or one card. */
export function LoadingSkeleton(props: { label: string; testId?: string; rows?: 1 | 2 | 3; card?: boolean }) {
  return (
    <div className={pageStyles.skeletonRoom} role="status" aria-label={props.label} data-testid={props.testId}>
      {props.card ? (
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
      ) : (
        BARS.slice(0, props.rows ?? 1).map((bar) => (
          <div key={bar} className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        ))
      )}
    </div>
  );
}

/** A failed load with its message and a "Try again" button; `announce` makes it an alert for screen readers. */
export function LoadFailure(props: { message: string; onRetry(): void; testId: string; announce?: boolean }) {
  return (
    <div
      className={clsx(pageStyles.state, pageStyles.stateError)}
      role={props.announce ? 'alert' : undefined}
      data-testid={props.testId}
    >
      <p>{props.message}</p>
      <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={props.onRetry}>
        <RefreshCw aria-hidden="true" size={18} /> Try again
      </button>
    </div>
  );
}

/** A one-line state in place of content: muted (nothing here yet) or an error without a retry. */
export function StateNote(props: { children: ReactNode; testId?: string; error?: boolean }) {
  return (
    <p
      className={clsx(pageStyles.state, props.error ? pageStyles.stateError : pageStyles.muted)}
      data-testid={props.testId}
    >
      {props.children}
    </p>
  );
}

/** How an admin list names itself on screen; each screen keeps its own. */
export interface AdminListNames {
  /** Prefix of the states' test ids: `<testId>-loading`, `<testId>-error`, `<testId>-empty`. */
  testId: string;
  loadingLabel: string;
  /** Names the pager's landmark, e.g. "Ticket list pages". */
  pagerLabel: string;
  pageSize: number;
}

interface AdminListBodyProps<T> {
  /** The screen's list state: the page on screen and how to ask for it again or for another. */
  paged: { list: PagedList<T>; reload(): void; page: number; setPage(page: number): void };
  names: AdminListNames;
  empty: ReactNode;
  /** What the error state says; the failed call's own message when not given. */
  errorText?: string;
  announceError?: boolean;
  loadingRows?: 2 | 3;
  /** The rows of a loaded page that is not empty. */
  children(items: T[]): ReactNode;
}

/** An admin list's panel body: loading, failed (with a retry), empty, or the page's rows and the pager. */
export function AdminListBody<T>({ paged, names, ...props }: AdminListBodyProps<T>) {
  const { list } = paged;
  if (list.status === 'loading') {
    return (
      <LoadingSkeleton label={names.loadingLabel} testId={`${names.testId}-loading`} rows={props.loadingRows ?? 2} />
    );
  }
  if (list.status === 'error') {
    return (
      <LoadFailure
        message={props.errorText ?? list.message}
        onRetry={paged.reload}
        testId={`${names.testId}-error`}
        announce={props.announceError}
      />
    );
  }
  if (list.items.length === 0) return <StateNote testId={`${names.testId}-empty`}>{props.empty}</StateNote>;
  return (
    <>
      {props.children(list.items)}
      <ListPager
        label={names.pagerLabel}
        page={paged.page}
        pageSize={names.pageSize}
        pagination={list.pagination}
        setPage={paged.setPage}
      />
    </>
  );
}

/** How an openable list's rows look (the list, a row, the open row) and the rows' test id. */
export interface OpenableRows {
  list: string | undefined;
  row: string | undefined;
  openRow: string | undefined;
  testId: string;
}

interface OpenableListProps<T extends { id: string }> {
  items: T[];
  openId: string | null;
  onOpen(id: string): void;
  rows: OpenableRows;
  /** What a row shows; the whole row is the button that opens the item. */
  children(item: T): ReactNode;
}

/** An admin list whose rows open their item beside it; the open row is highlighted and marked current. */
export function OpenableList<T extends { id: string }>({ items, openId, rows, ...props }: OpenableListProps<T>) {
  return (
    <ul className={rows.list}>
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={clsx(rows.row, openId === item.id && rows.openRow)}
            aria-current={openId === item.id ? 'true' : undefined}
            onClick={() => props.onOpen(item.id)}
            data-testid={rows.testId}
          >
            {props.children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface OpenedItemPaneProps<T> {
  opened: OpenedItem<T>;
  /** What the pane says before an item is chosen. */
  chooseText: string;
  loadingLabel: string;
  loadingCard?: boolean;
  failure(message: string): ReactNode;
  /** The loaded item. */
  children(item: T): ReactNode;
}

/** The pane beside an admin list: a hint until an item is chosen, then it loading, failed or shown. */
export function OpenedItemPane<T>({ opened, ...props }: OpenedItemPaneProps<T>) {
  if (opened.status === 'none') return <StateNote>{props.chooseText}</StateNote>;
  if (opened.status === 'loading') return <LoadingSkeleton label={props.loadingLabel} card={props.loadingCard} />;
  if (opened.status === 'error') return props.failure(opened.message);
  return props.children(opened.item);
}
