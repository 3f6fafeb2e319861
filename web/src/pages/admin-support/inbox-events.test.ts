import type { TAdminSupportThread, TAdminSupportTicket } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { applyInboxTicket, applyToThread, matchesFilters } from './inbox-events.js';

const ticket = (id: string, overrides: Partial<TAdminSupportTicket> = {}): TAdminSupportTicket => ({
  id,
  category: 'technical',
  priority: 'medium',
  subject: `Subject ${id}`,
  status: 'open',
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  lastMessageAt: '2026-11-24T09:00:00.000Z',
  lastMessageBy: 'member',
  member: { id: `u-${id}`, fullName: 'Member', email: `${id}@example.com` },
  ...overrides,
});
const none = { status: '', category: '', priority: '', q: '' } as const;

describe('admin inbox live updates', () => {
  it('matches the filters the server applies, search on subject or e-mail in any case', () => {
    expect(matchesFilters(ticket('a'), none)).toBe(true);
    expect(matchesFilters(ticket('a'), { ...none, status: 'closed' })).toBe(false);
    expect(matchesFilters(ticket('a'), { ...none, category: 'billing' })).toBe(false);
    expect(matchesFilters(ticket('a'), { ...none, priority: 'urgent' })).toBe(false);
    expect(matchesFilters(ticket('a'), { ...none, q: 'SUBJECT A' })).toBe(true);
    expect(matchesFilters(ticket('a'), { ...none, q: 'a@EXAMPLE' })).toBe(true);
    expect(
      matchesFilters(ticket('a', { member: { id: null, fullName: 'Former member', email: null } }), {
        ...none,
        q: 'x@',
      }),
    ).toBe(false);
  });

  it('moves a changed ticket to the top, drops one that left the filter, adds new ones on page 1 only', () => {
    const list = [ticket('a'), ticket('b')];
    expect(applyInboxTicket(list, ticket('b', { status: 'pending' }), none, 1).map((t) => [t.id, t.status])).toEqual([
      ['b', 'pending'],
      ['a', 'open'],
    ]);
    expect(
      applyInboxTicket(list, ticket('b', { status: 'closed' }), { ...none, status: 'open' }, 1).map((t) => t.id),
    ).toEqual(['a']);
    expect(applyInboxTicket(list, ticket('c'), none, 1).map((t) => t.id)).toEqual(['c', 'a', 'b']);
    expect(applyInboxTicket(list, ticket('c'), none, 2).map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('adds a pushed message to the open thread once', () => {
    const thread: TAdminSupportThread = { ...ticket('a'), messages: [] };
    const message = {
      id: 'm1',
      author: 'member' as const,
      authorName: 'Member',
      body: 'hi there',
      createdAt: '2026-11-24T09:01:00.000Z',
    };
    const once = applyToThread(thread, ticket('a', { lastMessageBy: 'member' }), message);
    expect(applyToThread(once, ticket('a'), message).messages).toHaveLength(1);
  });
});
