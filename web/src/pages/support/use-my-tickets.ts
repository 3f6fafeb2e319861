import type { TSupportMessage, TSupportThread, TSupportTicket } from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { memberSupportEvents } from '../../stores/support-events.js';

export type TicketsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: TSupportTicket[] };

export type ThreadState =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'error'; id: string; message: string }
  | { status: 'ready'; thread: TSupportThread };

/** Puts a changed ticket first (latest activity first), replacing its older copy. */
export function withTicket(items: readonly TSupportTicket[], ticket: TSupportTicket): TSupportTicket[] {
  return [ticket, ...items.filter((t) => t.id !== ticket.id)];
}

/** Adds a message to a thread once (a push may repeat what an answer already brought). */
export function withMessage(thread: TSupportThread, ticket: TSupportTicket, message: TSupportMessage | null) {
  const messages =
    message && !thread.messages.some((m) => m.id === message.id) ? [...thread.messages, message] : thread.messages;
  return { ...thread, ...ticket, messages };
}

/**
 * The member's tickets and the open thread (its id in the address, `?ticket=`, so the e-mail's link opens
 * it), kept live by `support:update` pushes; a reconnect reads both again.
 */
export function useMyTickets() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('ticket');
  const [tickets, setTickets] = useState<TicketsState>({ status: 'loading' });
  const [thread, setThread] = useState<ThreadState>({ status: 'none' });
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState('');
  const openRef = useRef(openId);
  openRef.current = openId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the list again
  useEffect(() => {
    const controller = new AbortController();
    api.support.list({ signal: controller.signal }).then(
      (result) => {
        if (result.ok) setTickets({ status: 'ready', items: result.data });
        else if (result.status !== 'unauthorized') setTickets({ status: 'error', message: result.message });
      },
      // Aborted: the page left or asked again; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [reloadKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the thread again
  useEffect(() => {
    if (!openId) {
      setThread({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setThread((current) =>
      current.status === 'ready' && current.thread.id === openId ? current : { status: 'loading', id: openId },
    );
    api.support.thread({ params: { id: openId }, signal: controller.signal }).then(
      (result) => {
        if (result.ok) setThread({ status: 'ready', thread: result.data });
        else if (result.status !== 'unauthorized') setThread({ status: 'error', id: openId, message: result.message });
      },
      // Aborted: another ticket was opened; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [openId, reloadKey]);

  useEffect(
    () =>
      memberSupportEvents.listen((event) => {
        if (event.type === 'resync') {
          setReloadKey((k) => k + 1);
          return;
        }
        const { ticket, message } = event;
        setTickets((current) =>
          current.status === 'ready' ? { ...current, items: withTicket(current.items, ticket) } : current,
        );
        setThread((current) =>
          current.status === 'ready' && current.thread.id === ticket.id
            ? { status: 'ready', thread: withMessage(current.thread, ticket, message) }
            : current,
        );
        if (message?.author === 'support') setNotice(`New reply from ${message.authorName} on "${ticket.subject}"`);
      }),
    [],
  );

  const open = useCallback(
    (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set('ticket', id);
      else next.delete('ticket');
      setParams(next);
    },
    [params, setParams],
  );

  return {
    tickets,
    thread,
    notice,
    open,
    reload: () => setReloadKey((k) => k + 1),
    /** A ticket this page just opened: listed first and shown at once. */
    created(created: TSupportThread) {
      setTickets((current) =>
        current.status === 'ready' ? { ...current, items: withTicket(current.items, created) } : current,
      );
      setThread({ status: 'ready', thread: created });
      open(created.id);
    },
    async reply(id: string, message: string) {
      const result = await api.support.reply({ params: { id }, body: { message } });
      if (result.ok) {
        setThread({ status: 'ready', thread: result.data });
        setTickets((current) =>
          current.status === 'ready' ? { ...current, items: withTicket(current.items, result.data) } : current,
        );
      }
      return result;
    },
  };
}

export type MyTickets = ReturnType<typeof useMyTickets>;
