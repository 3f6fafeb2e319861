import type { TNotification } from '@signalroom/shared';
import { create } from 'zustand';
import * as api from '../api/api.js';
import { useSessionStore } from './session.store.js';

interface NotificationsState {
  /** idle until the bell asks; loading; ready; error when the first load failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: TNotification[];
  unreadCount: number;
  hasMore: boolean;
  error: string | null;
  loadingMore: boolean;
  /** A failed mark or older page, shown in the panel. */
  actionError: string | null;
  /** Reads the newest page and the count (on mount, and after each reconnect: pushes are not replayed). */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /** A `notification:new` push. */
  receive(notification: TNotification): void;
  /** A `notification:update` push (a delivered signal's outcome): the same notice, changed. */
  update(notification: TNotification): void;
  /** A `notification:read` push from the member's other tab or device (`ids` null: all). */
  readElsewhere(ids: string[] | null): void;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<void>;
  reset(): void;
}

const EMPTY = {
  status: 'idle' as const,
  items: [],
  unreadCount: 0,
  hasMore: false,
  error: null,
  loadingMore: false,
  actionError: null,
};

let loading: Promise<void> | null = null;
/** Pushes that arrive while the page is being read: applied on top of it, so none is lost or counted twice. */
let arrivedWhileLoading: TNotification[] = [];

function byNewest(a: TNotification, b: TNotification): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/** The signed-in member's bell: loaded once, then kept live by the socket. */
export const useNotificationsStore = create<NotificationsState>((set, get) => ({
  ...EMPTY,
  load() {
    loading ??= (async () => {
      arrivedWhileLoading = [];
      if (get().status !== 'ready') set({ status: 'loading', error: null });
      const result = await api.notifications.list();
      const arrived = arrivedWhileLoading;
      arrivedWhileLoading = [];
      if (result.ok) {
        const known = new Set(result.data.items.map((n) => n.id));
        const missing = arrived.filter((n) => !known.has(n.id));
        set({
          status: 'ready',
          items: [...missing, ...result.data.items].sort(byNewest),
          unreadCount: result.data.unreadCount + missing.filter((n) => n.readAt === null).length,
          hasMore: result.data.hasMore,
          error: null,
          actionError: null,
        });
      } else if (result.status === 'unauthorized') {
        // A dead session is handled once for every call (api/client.ts).
        return;
      } else if (get().status !== 'ready') set({ status: 'error', error: result.message });
    })().finally(() => {
      loading = null;
    });
    return loading;
  },
  async loadMore() {
    const { items, loadingMore, hasMore } = get();
    const last = items.at(-1);
    if (loadingMore || !hasMore || !last) return;
    set({ loadingMore: true, actionError: null });
    const result = await api.notifications.list({ query: { before: last.id } });
    if (!result.ok) {
      set({ loadingMore: false, actionError: result.message });
      return;
    }
    const known = new Set(get().items.map((n) => n.id));
    set({
      loadingMore: false,
      items: [...get().items, ...result.data.items.filter((n) => !known.has(n.id))],
      hasMore: result.data.hasMore,
    });
  },
  receive(notification) {
    if (loading) arrivedWhileLoading.push(notification);
    const { items, unreadCount, status } = get();
    if (status !== 'ready' || items.some((n) => n.id === notification.id)) return;
    set({
      items: [notification, ...items].sort(byNewest),
      unreadCount: unreadCount + (notification.readAt === null ? 1 : 0),
    });
  },
  update(notification) {
    set({ items: get().items.map((n) => (n.id === notification.id ? { ...notification, readAt: n.readAt } : n)) });
  },
  readElsewhere(ids) {
    const now = new Date().toISOString();
    const { items } = get();
    const hit = (n: TNotification) => n.readAt === null && (ids === null || ids.includes(n.id));
    const newlyRead = items.filter(hit).length;
    // What is not loaded here is not known to be unread: the count is read again instead of guessed.
    if (ids === null) set({ items: items.map((n) => (hit(n) ? { ...n, readAt: now } : n)), unreadCount: 0 });
    else if (newlyRead > 0) {
      set({
        items: items.map((n) => (hit(n) ? { ...n, readAt: now } : n)),
        unreadCount: Math.max(0, get().unreadCount - newlyRead),
      });
    }
  },
  async markRead(id) {
    const before = get();
    const target = before.items.find((n) => n.id === id);
    if (!target || target.readAt !== null) return;
    // Shown read at once; the server's count follows.
    get().readElsewhere([id]);
    const result = await api.notifications.markRead({ params: { id } });
    if (result.ok) set({ unreadCount: result.data.unreadCount, actionError: null });
    else set({ actionError: result.message, items: before.items, unreadCount: before.unreadCount });
  },
  async markAllRead() {
    const before = get();
    get().readElsewhere(null);
    const result = await api.notifications.markAllRead({ body: {} });
    if (result.ok) set({ unreadCount: result.data.unreadCount, actionError: null });
    else set({ actionError: result.message, items: before.items, unreadCount: before.unreadCount });
  },
  reset() {
    loading = null;
    arrivedWhileLoading = [];
    set({ ...EMPTY });
  },
}));

// A different member (sign-out, another login on this tab) must never see the previous one's bell.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useNotificationsStore.getState().reset();
});
