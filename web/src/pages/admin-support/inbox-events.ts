import type { TAdminSupportThread, TAdminSupportTicket, TSupportMessage } from '@signalroom/shared';
import type { InboxFilters } from './inbox-filters.js';

/** Whether a ticket belongs in the list the admin is looking at (the same filters the server applies). */
export function matchesFilters(ticket: TAdminSupportTicket, filters: InboxFilters): boolean {
  if (filters.status && ticket.status !== filters.status) return false;
  if (filters.category && ticket.category !== filters.category) return false;
  if (filters.priority && ticket.priority !== filters.priority) return false;
  const text = filters.q.trim().toLowerCase();
  if (!text) return true;
  return ticket.subject.toLowerCase().includes(text) || (ticket.member.email ?? '').toLowerCase().includes(text);
}

/**
 * A pushed ticket applied to the page on screen (latest activity first): it moves to the top when it
 * still matches the filters, and leaves the page when it no longer does. Only the first page takes in
 * tickets it did not show.
 */
export function applyInboxTicket(
  items: readonly TAdminSupportTicket[],
  ticket: TAdminSupportTicket,
  filters: InboxFilters,
  page: number,
): TAdminSupportTicket[] {
  const rest = items.filter((t) => t.id !== ticket.id);
  if (!matchesFilters(ticket, filters)) return rest;
  const shown = rest.length !== items.length;
  if (!shown && page !== 1) return [...items];
  return [ticket, ...rest];
}

/** A pushed change applied to the open thread: the ticket's new state and the message, once. */
export function applyToThread(
  thread: TAdminSupportThread,
  ticket: TAdminSupportTicket,
  message: TSupportMessage | null,
): TAdminSupportThread {
  const messages =
    message && !thread.messages.some((m) => m.id === message.id) ? [...thread.messages, message] : thread.messages;
  return { ...thread, ...ticket, messages };
}
