import { type BotAccessStatus, LIMITS, type TBotAccessSubmission } from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { saveDownload } from '../../api/download.js';
import { useAdminFailure } from '../../components/dashboard/use-admin-failure.js';
import { useListFilters } from '../../components/dashboard/use-list-filters.js';
import { type OpenedItem, useOpenedItem } from '../../components/dashboard/use-opened-item.js';
import { type PagedList, usePagedList } from '../../components/dashboard/use-paged-list.js';
import { applicationEvents } from '../../stores/support-events.js';

export const APPLICATIONS_PAGE_SIZE = LIMITS.adminPageSize;

export type ApplicationList = PagedList<TBotAccessSubmission>;
export type OpenApplication = OpenedItem<TBotAccessSubmission>;

/** The application list's filters as the admin set them ('' = not set). */
export interface ApplicationFilters {
  status: BotAccessStatus | '';
  from: string;
  to: string;
  q: string;
}

const NO_FILTERS: ApplicationFilters = { status: '', from: '', to: '', q: '' };

/** The filters that are set, as the list's and the export's query. */
function filterQuery(filters: ApplicationFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  };
}

/** Whether a new application belongs at the top of the list on screen (first page, filters that can match). */
function showsNewArrival(filters: ApplicationFilters, page: number, submission: TBotAccessSubmission): boolean {
  if (page !== 1 || filters.q.trim() || filters.to) return false;
  if (filters.status && filters.status !== submission.status) return false;
  return !filters.from || submission.createdAt.slice(0, 10) >= filters.from;
}

/**
 * State and calls of the applications screen: filters (the search waits for typing to pause), pages of
 * 50, the open application with its status form, the CSV export; arrivals and changes come live.
 */
export function useAdminApplications() {
  const listFilters = useListFilters(NO_FILTERS);
  const { filters, page } = listFilters;
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const { alert, setAlert, forbidden, handleFailure } = useAdminFailure();
  const [exporting, setExporting] = useState(false);
  const view = useRef({ filters, page });
  view.current = { filters, page };

  const { list, setList, reload } = usePagedList(
    JSON.stringify(filters),
    page,
    (signal) => api.botAccess.list({ query: { ...filterQuery(filters), page, limit: APPLICATIONS_PAGE_SIZE }, signal }),
    handleFailure,
  );
  const [open, setOpen] = useOpenedItem(
    openId,
    0,
    (id, signal) => api.botAccess.get({ params: { id }, signal }),
    handleFailure,
  );
  const resync = useRef(reload);
  resync.current = reload;
  const listNow = useRef(list);
  listNow.current = list;

  const applyChanged = useCallback(
    (submission: TBotAccessSubmission) => {
      setList((current) =>
        current.status === 'ready'
          ? { ...current, items: current.items.map((s) => (s.id === submission.id ? submission : s)) }
          : current,
      );
      setOpen((current) =>
        current.status === 'ready' && current.item.id === submission.id
          ? { status: 'ready', item: submission }
          : current,
      );
    },
    [setList, setOpen],
  );

  useEffect(
    () =>
      applicationEvents.listen((event) => {
        if (event.type === 'resync') {
          resync.current();
          return;
        }
        const { submission } = event;
        if (event.kind === 'status') {
          applyChanged(submission);
          return;
        }
        setNotice(`New application from ${submission.fullName}`);
        if (!showsNewArrival(view.current.filters, view.current.page, submission)) return;
        // A read in flight may have been answered before this application existed: read again.
        if (listNow.current.status === 'loading') {
          resync.current();
          return;
        }
        setList((current) => {
          if (current.status !== 'ready' || current.items.some((s) => s.id === submission.id)) return current;
          const total = current.pagination.total + 1;
          return {
            status: 'ready',
            items: [submission, ...current.items].slice(0, APPLICATIONS_PAGE_SIZE),
            pagination: { ...current.pagination, total, pages: Math.ceil(total / APPLICATIONS_PAGE_SIZE) },
          };
        });
      }),
    [applyChanged, setList],
  );

  return {
    ...listFilters,
    list,
    open,
    openId,
    select: (id: string | null) => setOpenId(id),
    notice,
    alert,
    dismissAlert: () => setAlert(null),
    forbidden,
    exporting,
    reload,
    async changeStatus(id: string, status: BotAccessStatus, notes: string) {
      setAlert(null);
      const result = await api.botAccess.setStatus({ params: { id }, body: { status, notes } });
      if (result.ok) {
        applyChanged(result.data);
        setNotice(result.message);
      } else handleFailure(result);
      return result.ok;
    },
    async exportCsv() {
      setAlert(null);
      setExporting(true);
      const result = await saveDownload(
        api.botAccess.exportCsv({ query: filterQuery(view.current.filters) }),
        'applications.csv',
      );
      setExporting(false);
      if (!result.ok) handleFailure(result);
    },
  };
}

export type AdminApplications = ReturnType<typeof useAdminApplications>;
