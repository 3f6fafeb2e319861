import type { Pagination, TAdminSupportThread, TAdminSupportTicket, TicketStatus } from '@signalroom/shared';
import { LIMITS } from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiFailure, pageOf } from '../../api/client.js';
import {
  answerTicket,
  fetchInbox,
  fetchInboxThread,
  type InboxFilters,
  setTicketStatus,
} from '../../api/support.api.js';
import { inboxSupportEvents } from '../../stores/support-events.js';
import { applyInboxTicket, applyToThread } from './inbox-events.js';

export type InboxList =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: TAdminSupportTicket[]; pagination: Pagination };

export type InboxThread =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'error'; id: string; message: string }
  | { status: 'ready'; thread: TAdminSupportThread };

const NO_FILTERS: InboxFilters = { status: '', category: '', priority: '', q: '' };

/**
 * State and calls of the admin support inbox: filters (the search waits for typing to pause), one page of
 * 50 tickets, the open thread with reply and status; new tickets and replies arrive live from the socket.
 */
export function useAdminSupport() {
  const [filters, setFilters] = useState<InboxFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<InboxList>({ status: 'loading' });
  const [thread, setThread] = useState<InboxThread>({ status: 'none' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const view = useRef({ filters, page, openId });
  view.current = { filters, page, openId };

  const handleFailure = useCallback((failure: ApiFailure) => {
    if (failure.status === 'unauthorized') return;
    if (failure.status === 'forbidden') setForbidden(true);
    else setAlert(failure.message);
  }, []);

  // The search box applies once typing pauses (the admin search's debounce).
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.q === search ? current : { ...current, q: search }));
      setPage(1);
    }, LIMITS.adminSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the same page again
  useEffect(() => {
    const controller = new AbortController();
    setList({ status: 'loading' });
    fetchInbox(filters, page, controller.signal).then(
      (result) => {
        if (result.ok) setList({ status: 'ready', items: result.data, pagination: pageOf(result, page) });
        else {
          setList({ status: 'error', message: result.message });
          handleFailure(result);
        }
      },
      () => {
        // Aborted: a newer request replaced this one.
      },
    );
    return () => controller.abort();
  }, [filters, page, reloadKey, handleFailure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the thread again
  useEffect(() => {
    if (!openId) {
      setThread({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setThread({ status: 'loading', id: openId });
    fetchInboxThread(openId, controller.signal).then(
      (result) => {
        if (result.ok) setThread({ status: 'ready', thread: result.data });
        else {
          setThread({ status: 'error', id: openId, message: result.message });
          handleFailure(result);
        }
      },
      () => {
        // Aborted: another ticket was opened.
      },
    );
    return () => controller.abort();
  }, [openId, reloadKey, handleFailure]);

  useEffect(
    () =>
      inboxSupportEvents.listen((event) => {
        if (event.type === 'resync') {
          setReloadKey((k) => k + 1);
          return;
        }
        const { filters: shownFilters, page: shownPage } = view.current;
        setList((current) =>
          current.status === 'ready'
            ? { ...current, items: applyInboxTicket(current.items, event.ticket, shownFilters, shownPage) }
            : current,
        );
        setThread((current) =>
          current.status === 'ready' && current.thread.id === event.ticket.id
            ? { status: 'ready', thread: applyToThread(current.thread, event.ticket, event.message) }
            : current,
        );
        if (event.kind === 'new') setNotice(`New ticket from ${event.ticket.member.fullName}: ${event.ticket.subject}`);
        else if (event.kind === 'reply' && event.message?.author === 'member') {
          setNotice(`${event.ticket.member.fullName} replied on "${event.ticket.subject}"`);
        }
      }),
    [],
  );

  function applyThread(updated: TAdminSupportThread) {
    setThread({ status: 'ready', thread: updated });
    setList((current) =>
      current.status === 'ready'
        ? { ...current, items: applyInboxTicket(current.items, updated, view.current.filters, view.current.page) }
        : current,
    );
  }

  return {
    filters,
    search,
    setSearch,
    setFilter(name: 'status' | 'category' | 'priority', value: string) {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
    page,
    setPage,
    list,
    thread,
    openId,
    open: (id: string | null) => setOpenId(id),
    notice,
    alert,
    dismissAlert: () => setAlert(null),
    forbidden,
    reload: () => setReloadKey((k) => k + 1),
    async reply(id: string, message: string) {
      setAlert(null);
      const result = await answerTicket(id, message);
      if (result.ok) {
        applyThread(result.data);
        setNotice('Reply sent');
      } else if (result.status === 'forbidden') setForbidden(true);
      return result;
    },
    async changeStatus(id: string, status: TicketStatus) {
      setAlert(null);
      const result = await setTicketStatus(id, status);
      if (result.ok) {
        applyThread(result.data);
        setNotice('Ticket status updated');
      } else handleFailure(result);
    },
  };
}

export type AdminSupport = ReturnType<typeof useAdminSupport>;
