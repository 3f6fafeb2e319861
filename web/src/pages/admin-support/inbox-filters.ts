import { SUPPORT_LIMITS, type SupportCategory, type SupportPriority, type TicketStatus } from '@signalroom/shared';

/** The inbox's filters as the admin set them ('' = not set). */
export interface InboxFilters {
  status: TicketStatus | '';
  category: SupportCategory | '';
  priority: SupportPriority | '';
  q: string;
}

/** The query of one page (50) of the inbox: the filters that are set, and the page. */
export function inboxQuery(filters: InboxFilters, page: number) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    page,
    limit: SUPPORT_LIMITS.pageSize,
  };
}
