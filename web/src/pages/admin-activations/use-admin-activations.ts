import { PROOF_LIMITS, type ProofStatus, type TAdminActivation } from '@signalroom/shared';
import { useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { TIER_LABELS } from '../../components/dashboard/activation-format.js';
import { useAdminFailure } from '../../components/dashboard/use-admin-failure.js';
import { type PagedList, usePagedList } from '../../components/dashboard/use-paged-list.js';
import { onAdminActivationEvent } from '../../stores/activation.store.js';
import { applyQueueEvent } from './queue-events.js';

export type ListState = PagedList<TAdminActivation>;

/**
 * State and calls of the admin activations screen: the list of one status (pending oldest first), paged
 * 50 at a time; approve and reject; live news from the socket (new proofs, proofs reviewed elsewhere).
 */
export function useAdminActivations() {
  const [status, setStatus] = useState<ProofStatus>('pending');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState('');
  const { alert, setAlert, forbidden, handleFailure } = useAdminFailure();
  const view = useRef({ status, page });
  view.current = { status, page };

  const { list, setList, reload } = usePagedList(
    status,
    page,
    (signal) => api.activation.list({ query: { status, page, limit: PROOF_LIMITS.pageSize }, signal }),
    handleFailure,
  );
  const resync = useRef(reload);
  resync.current = reload;

  // Queue news from the socket, applied to what is on screen.
  useEffect(
    () =>
      onAdminActivationEvent((event) => {
        if (event.type === 'resync') {
          resync.current();
          return;
        }
        setList((current) => (current.status === 'ready' ? applyQueueEvent(current, event, view.current) : current));
        if (event.type === 'new' && view.current.status === 'pending') {
          setNotice(`New proof from ${event.proof.member.fullName}`);
        }
      }),
    [setList],
  );

  function markBusy(id: string, on: boolean) {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  /** Takes a reviewed proof off the pending list at once (the socket's echo then finds nothing to do). */
  function removeFromPending(id: string) {
    setList((current) =>
      current.status === 'ready' && view.current.status === 'pending'
        ? applyQueueEvent(current, { type: 'gone', id }, view.current)
        : current,
    );
  }

  async function decide(item: TAdminActivation, run: () => ReturnType<typeof api.activation.approve>, done: string) {
    markBusy(item.id, true);
    setAlert(null);
    const result = await run();
    markBusy(item.id, false);
    if (result.ok) {
      removeFromPending(item.id);
      setNotice(done);
      return true;
    }
    if (result.status === 'conflict' || result.status === 'not_found') {
      // Reviewed by another admin, or replaced by the member: it is no longer in the queue.
      removeFromPending(item.id);
    }
    handleFailure(result);
    return false;
  }

  return {
    status,
    setStatus(next: ProofStatus) {
      setStatus(next);
      setPage(1);
      setAlert(null);
    },
    page,
    setPage,
    list,
    busy,
    alert,
    showAlert: setAlert,
    dismissAlert: () => setAlert(null),
    notice,
    forbidden,
    reload,
    approve: (item: TAdminActivation, tier: keyof typeof TIER_LABELS) =>
      decide(
        item,
        () => api.activation.approve({ params: { id: item.id }, body: { tier } }),
        `Approved ${item.member.fullName} as ${TIER_LABELS[tier]}.`,
      ),
    reject: (item: TAdminActivation, reason: string) =>
      decide(
        item,
        () => api.activation.reject({ params: { id: item.id }, body: { reason } }),
        `Rejected the proof of ${item.member.fullName}.`,
      ),
  };
}

export type AdminActivations = ReturnType<typeof useAdminActivations>;
