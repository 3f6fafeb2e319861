import { type Pagination, PROOF_LIMITS, type ProofStatus, type TAdminActivation } from '@signalroom/shared';
import type { AdminActivationEvent } from '../../stores/activation.store.js';

type Ready = { status: 'ready'; items: TAdminActivation[]; pagination: Pagination };
type QueueEvent = Exclude<AdminActivationEvent, { type: 'resync' }> | { type: 'gone'; id: string };

function withTotal(list: Ready, items: TAdminActivation[], total: number): Ready {
  const safeTotal = Math.max(total, items.length);
  return {
    status: 'ready',
    items,
    pagination: {
      ...list.pagination,
      total: safeTotal,
      pages: Math.max(1, Math.ceil(safeTotal / PROOF_LIMITS.pageSize)),
    },
  };
}

/**
 * Applies queue news to the list on screen. Pending: a new proof joins the end when this is the last page
 * (the queue is oldest first) and replaces the member's earlier one; a reviewed or gone proof leaves.
 * Approved and rejected: a fresh decision of that kind joins the top of the first page.
 */
export function applyQueueEvent(list: Ready, event: QueueEvent, view: { status: ProofStatus; page: number }): Ready {
  const without = (id: string | null) => (id ? list.items.filter((item) => item.id !== id) : list.items);
  const { total, pages } = list.pagination;
  if (event.type === 'gone') {
    const items = without(event.id);
    return items.length === list.items.length ? list : withTotal(list, items, total - 1);
  }
  if (event.type === 'new') {
    if (view.status !== 'pending') return list;
    const kept = without(event.replacesId);
    const removed = list.items.length - kept.length;
    // The replaced proof may sit on another page: the total still loses it.
    const newTotal = total + 1 - (event.replacesId ? 1 : 0);
    const onLastPage = view.page >= pages;
    if (kept.some((item) => item.id === event.proof.id)) return withTotal(list, kept, total - removed);
    const items = onLastPage && kept.length < PROOF_LIMITS.pageSize ? [...kept, event.proof] : kept;
    return withTotal(list, items, newTotal);
  }
  // reviewed
  if (view.status === 'pending') {
    const items = without(event.proof.id);
    return items.length === list.items.length ? list : withTotal(list, items, total - 1);
  }
  if (view.status !== event.proof.status || view.page !== 1) return list;
  if (list.items.some((item) => item.id === event.proof.id)) return list;
  return withTotal(list, [event.proof, ...list.items].slice(0, PROOF_LIMITS.pageSize), total + 1);
}
