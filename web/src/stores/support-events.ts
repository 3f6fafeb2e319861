import type { TAdminSupportTicket, TBotAccessSubmission, TSupportMessage, TSupportTicket } from '@signalroom/shared';

/** What the member's support screen hears: one of their tickets changed, or the socket reconnected. */
export type MemberSupportEvent =
  | { type: 'update'; ticket: TSupportTicket; message: TSupportMessage | null }
  | { type: 'resync' };

/** What the admin inbox hears: a new ticket, a reply, a status change, or the socket reconnected. */
export type InboxSupportEvent =
  | { type: 'inbox'; kind: 'new' | 'reply' | 'status'; ticket: TAdminSupportTicket; message: TSupportMessage | null }
  | { type: 'resync' };

/** What the admin application list and overview hear: an application arrived or changed, or a reconnect. */
export type ApplicationEvent =
  | { type: 'application'; kind: 'new' | 'status'; submission: TBotAccessSubmission }
  | { type: 'resync' };

/** A small in-page event channel: screens subscribe on mount, the socket listener emits. */
export function channel<E>() {
  const listeners = new Set<(event: E) => void>();
  return {
    listen(listener: (event: E) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: E): void {
      for (const listener of listeners) listener(event);
    },
  };
}

/** Support news from the socket, for the screen that shows it (subscribe on mount, unsubscribe on leave). */
export const memberSupportEvents = channel<MemberSupportEvent>();
export const inboxSupportEvents = channel<InboxSupportEvent>();
export const applicationEvents = channel<ApplicationEvent>();
