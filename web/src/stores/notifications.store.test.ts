import type { TNotification } from '@signalroom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationsStore } from './notifications.store.js';

function notice(id: string, minute: number, readAt: string | null = null): TNotification {
  return {
    id,
    kind: 'support-reply',
    createdAt: `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`,
    updatedAt: null,
    readAt,
    data: { ticketId: `t-${id}`, messageId: `m-${id}`, subject: `Ticket ${id}` },
  };
}

function envelope(data: unknown): Response {
  const body = { success: true, message: 'OK', data, error: null, timestamp: new Date().toISOString() };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

const bell = () => useNotificationsStore.getState();

describe('notifications store', () => {
  let answer: () => Promise<Response>;

  beforeEach(() => {
    bell().reset();
    answer = async () =>
      envelope({ items: [notice('b', 2), notice('a', 1, '2026-11-28T11:00:00Z')], unreadCount: 1, hasMore: false });
    vi.stubGlobal('fetch', async () => answer());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the newest page and the count, then counts each pushed notification once', async () => {
    await bell().load();
    expect(bell()).toMatchObject({ status: 'ready', unreadCount: 1 });
    bell().receive(notice('c', 3));
    bell().receive(notice('c', 3));
    expect(bell().items.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(bell().unreadCount).toBe(2);
  });

  it('keeps a notification pushed while the page is read, without counting it twice', async () => {
    let release: (response: Response) => void = () => {};
    answer = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const loading = bell().load();
    // One arrives before the server read it (not in the page), one after (in the page).
    bell().receive(notice('early', 5));
    bell().receive(notice('b', 2));
    release(envelope({ items: [notice('b', 2)], unreadCount: 1, hasMore: false }));
    await loading;
    expect(bell().items.map((n) => n.id)).toEqual(['early', 'b']);
    expect(bell().unreadCount).toBe(2);
  });

  it('follows reading done in another tab, one or all', async () => {
    await bell().load();
    bell().receive(notice('c', 3));
    bell().readElsewhere(['c']);
    expect(bell().unreadCount).toBe(1);
    expect(bell().items.find((n) => n.id === 'c')?.readAt).not.toBeNull();
    bell().readElsewhere(['c']);
    expect(bell().unreadCount).toBe(1);
    bell().readElsewhere(null);
    expect(bell().unreadCount).toBe(0);
    expect(bell().items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('keeps the read state when a notification changes (a signal gets its outcome)', async () => {
    await bell().load();
    bell().update({ ...notice('a', 1), updatedAt: '2026-11-28T12:00:00Z' });
    expect(bell().items.find((n) => n.id === 'a')).toMatchObject({
      readAt: '2026-11-28T11:00:00Z',
      updatedAt: '2026-11-28T12:00:00Z',
    });
  });

  it('shows the failure of a first load, and puts a mark back when the server refuses it', async () => {
    answer = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    await bell().load();
    expect(bell()).toMatchObject({ status: 'error', error: 'Your notifications could not be loaded.' });

    answer = async () => envelope({ items: [notice('b', 2)], unreadCount: 1, hasMore: false });
    await bell().load();
    answer = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    await bell().markRead('b');
    expect(bell()).toMatchObject({ unreadCount: 1, actionError: 'The notification could not be marked as read.' });
    expect(bell().items[0]?.readAt).toBeNull();
  });
});
