import type { TAdminActivation } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { applyQueueEvent } from './queue-events.js';

function proof(id: string, status: TAdminActivation['status'] = 'pending'): TAdminActivation {
  return {
    id,
    status,
    brokerAccount: 'B',
    depositAmount: 100,
    accessPath: 'manual',
    fileType: 'image/png',
    fileSize: 10,
    fileName: 'p.png',
    submittedAt: '2026-11-24T10:00:00Z',
    reviewedAt: status === 'pending' ? null : '2026-11-24T11:00:00Z',
    tier: status === 'approved' ? 'pro' : null,
    reason: status === 'rejected' ? 'blurry' : null,
    activeContent: [],
    member: { id: `m-${id}`, fullName: 'M', email: 'm@example.com', admissionCode: 'SR-1', tier: 'guest' },
  };
}

const ready = (ids: string[], total = ids.length, status: TAdminActivation['status'] = 'pending') => ({
  status: 'ready' as const,
  items: ids.map((id) => proof(id, status)),
  pagination: { total, pages: Math.max(1, Math.ceil(total / 50)), current: 1 },
});

const ids = (list: { items: TAdminActivation[] }) => list.items.map((i) => i.id);

describe('admin queue news', () => {
  const pending = { status: 'pending' as const, page: 1 };

  it('adds a new proof at the end of the last page and drops the one it replaces', () => {
    const next = applyQueueEvent(ready(['a', 'b']), { type: 'new', proof: proof('c'), replacesId: 'a' }, pending);
    expect(ids(next)).toEqual(['b', 'c']);
    expect(next.pagination.total).toBe(2);
    const added = applyQueueEvent(ready(['a']), { type: 'new', proof: proof('b'), replacesId: null }, pending);
    expect(ids(added)).toEqual(['a', 'b']);
    expect(added.pagination.total).toBe(2);
  });

  it('counts a new proof but does not show it on an earlier page', () => {
    const list = ready(['a'], 51);
    const next = applyQueueEvent(list, { type: 'new', proof: proof('z'), replacesId: null }, pending);
    expect(ids(next)).toEqual(['a']);
    expect(next.pagination).toMatchObject({ total: 52, pages: 2 });
  });

  it('ignores a repeated event', () => {
    const once = applyQueueEvent(ready(['a']), { type: 'new', proof: proof('b'), replacesId: null }, pending);
    expect(applyQueueEvent(once, { type: 'new', proof: proof('b'), replacesId: null }, pending)).toEqual(once);
  });

  it('drops a reviewed proof from pending, and puts it on top of its own list', () => {
    const next = applyQueueEvent(ready(['a', 'b']), { type: 'reviewed', proof: proof('a', 'approved') }, pending);
    expect(ids(next)).toEqual(['b']);
    expect(next.pagination.total).toBe(1);
    const approvedList = ready(['x'], 1, 'approved');
    const onTop = applyQueueEvent(
      approvedList,
      { type: 'reviewed', proof: proof('a', 'approved') },
      {
        status: 'approved',
        page: 1,
      },
    );
    expect(ids(onTop)).toEqual(['a', 'x']);
    const otherKind = applyQueueEvent(
      approvedList,
      { type: 'reviewed', proof: proof('a', 'rejected') },
      {
        status: 'approved',
        page: 1,
      },
    );
    expect(otherKind).toBe(approvedList);
  });
});
