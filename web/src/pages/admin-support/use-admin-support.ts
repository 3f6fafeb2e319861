import type { TAdminSupportThread, TAdminSupportTicket, TicketStatus } from '@signalroom/shared';
import { useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { useAdminFailure } from '../../components/dashboard/use-admin-failure.js';
import { useListFilters } from '../../components/dashboard/use-list-filters.js';
import { type OpenedItem, useOpenedItem } from '../../components/dashboard/use-opened-item.js';
import { type PagedList, usePagedList } from '../../components/dashboard/use-paged-list.js';
import { inboxSupportEvents } from '../../stores/support-events.js';
import { applyInboxTicket, applyToThread } from './inbox-events.js';
import { type InboxFilters, inboxQuery } from './inbox-filters.js';

export type InboxList = PagedList<TAdminSupportTicket>;

export type InboxThread = OpenedItem<TAdminSupportThread>;

const NO_FILTERS: InboxFilters = { status: '', category: '', priority: '', q: '' };

/**
 * State and calls of the admin support inbox: filters (the search waits for typing to pause), one page of
 * 50 tickets, the open thread with reply and status; new tickets and replies arrive live from the socket.
 */
export function useAdminSupport() {
  const listFilters = useListFilters(NO_FILTERS);
  const { filters, page } = listFilters;
  const [openId, setOpenId] = useState<string | null>(null);
  const [threadKey, setThreadKey] = useState(0);
  const [notice, setNotice] = useState('');
  const { alert, setAlert, forbidden, setForbidden, handleFailure } = useAdminFailure();
  const view = useRef({ filters, page, openId });
  view.current = { filters, page, openId };

  const { list, setList, reload } = usePagedList(
    JSON.stringify(filters),
    page,
    (signal) => api.support.inbox({ query: inboxQuery(filters, page), signal }),
    handleFailure,
  );

  const [thread, setThread] = useOpenedItem(
    openId,
    threadKey,
    (id, signal) => api.support.adminThread({ params: { id }, signal }),
    handleFailure,
  );

  const reloadAll = () => {
    reload();
    setThreadKey((k) => k + 1);
  };
  const resync = useRef(reloadAll);
  resync.current = reloadAll;

  useEffect(
    () =>
      inboxSupportEvents.listen((event) => {
        if (event.type === 'resync') {
          resync.current();
          return;
        }
        const { filters: shownFilters, page: shownPage } = view.current;
        setList((current) =>
          current.status === 'ready'
            ? { ...current, items: applyInboxTicket(current.items, event.ticket, shownFilters, shownPage) }
            : current,
        );
        setThread((current) =>
          current.status === 'ready' && current.item.id === event.ticket.id
            ? { status: 'ready', item: applyToThread(current.item, event.ticket, event.message) }
            : current,
        );
        if (event.kind === 'new') setNotice(`New ticket from ${event.ticket.member.fullName}: ${event.ticket.subject}`);
        else if (event.kind === 'reply' && event.message?.author === 'member') {
          setNotice(`${event.ticket.member.fullName} replied on "${event.ticket.subject}"`);
        }
      }),
    [setList, setThread],
  );

  function applyThread(updated: TAdminSupportThread) {
    setThread({ status: 'ready', item: updated });
    setList((current) =>
      current.status === 'ready'
        ? { ...current, items: applyInboxTicket(current.items, updated, view.current.filters, view.current.page) }
        : current,
    );
  }

  return {
    ...listFilters,
    list,
    thread,
    openId,
    open: (id: string | null) => setOpenId(id),
    notice,
    alert,
    dismissAlert: () => setAlert(null),
    forbidden,
    reload: reloadAll,
    async reply(id: string, message: string) {
      setAlert(null);
      const result = await api.support.adminReply({ params: { id }, body: { message } });
      if (result.ok) {
        applyThread(result.data);
        setNotice('Reply sent');
      } else if (result.status === 'forbidden') setForbidden(true);
      return result;
    },
    async changeStatus(id: string, status: TicketStatus) {
      setAlert(null);
      const result = await api.support.setStatus({ params: { id }, body: { status } });
      if (result.ok) {
        applyThread(result.data);
        setNotice('Ticket status updated');
      } else handleFailure(result);
    },
  };
}

export type AdminSupport = ReturnType<typeof useAdminSupport>;
