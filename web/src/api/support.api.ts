import {
  SUPPORT_LIMITS,
  type SupportCategory,
  type SupportPriority,
  SupportRoutes,
  type TicketStatus,
} from '@signalroom/shared';
import { callApi } from './client.js';

/** POST /api/support/tickets {category, priority, subject, message}. */
export function openTicket(body: {
  category: SupportCategory;
  priority: SupportPriority;
  subject: string;
  message: string;
}) {
  return callApi(SupportRoutes.create, { body, fallbackMessage: 'Your ticket could not be sent. Please try again.' });
}

/** GET /api/support/tickets: the member's own tickets with their status. */
export function fetchMyTickets(signal?: AbortSignal) {
  return callApi(SupportRoutes.list, { signal, fallbackMessage: 'Your tickets could not be loaded.' });
}

/** GET /api/support/tickets/{id}: one of the member's tickets with its messages. */
export function fetchMyThread(id: string, signal?: AbortSignal) {
  return callApi(SupportRoutes.thread, { params: { id }, signal, fallbackMessage: 'The ticket could not be loaded.' });
}

/** POST /api/support/tickets/{id}/messages {message}. */
export function replyToTicket(id: string, message: string) {
  return callApi(SupportRoutes.reply, {
    params: { id },
    body: { message },
    fallbackMessage: 'Your reply could not be sent. Please try again.',
  });
}

export interface InboxFilters {
  status: TicketStatus | '';
  category: SupportCategory | '';
  priority: SupportPriority | '';
  q: string;
}

/** GET /api/admin/support/tickets?status&category&priority&q&page: one page (50) of the inbox. */
export function fetchInbox(filters: InboxFilters, page: number, signal?: AbortSignal) {
  return callApi(SupportRoutes.inbox, {
    query: {
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.priority ? { priority: filters.priority } : {}),
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      page,
      limit: SUPPORT_LIMITS.pageSize,
    },
    signal,
    fallbackMessage: 'Tickets could not be loaded.',
  });
}

/** GET /api/admin/support/tickets/{id}. */
export function fetchInboxThread(id: string, signal?: AbortSignal) {
  return callApi(SupportRoutes.adminThread, {
    params: { id },
    signal,
    fallbackMessage: 'The ticket could not be loaded.',
  });
}

/** POST /api/admin/support/tickets/{id}/messages {message}. */
export function answerTicket(id: string, message: string) {
  return callApi(SupportRoutes.adminReply, {
    params: { id },
    body: { message },
    fallbackMessage: 'The reply could not be sent. Please try again.',
  });
}

/** PATCH /api/admin/support/tickets/{id} {status}. */
export function setTicketStatus(id: string, status: TicketStatus) {
  return callApi(SupportRoutes.setStatus, {
    params: { id },
    body: { status },
    fallbackMessage: 'The status could not be changed. Please try again.',
  });
}
