import { ActivationRoutes, PROOF_LIMITS, type ProofStatus } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/admin/activations?status&page: one page (50) of proofs in a status, with their members. */
export function fetchAdminActivations(status: ProofStatus, page: number, signal?: AbortSignal) {
  return callApi(ActivationRoutes.list, {
    query: { status, page, limit: PROOF_LIMITS.pageSize },
    signal,
    fallbackMessage: 'Failed to load proofs',
  });
}

/** POST /api/admin/activations/{id}/approve {tier}. */
export function approveActivation(id: string, tier: string) {
  return callApi(ActivationRoutes.approve, {
    params: { id },
    body: { tier },
    fallbackMessage: 'Failed to approve the proof',
  });
}

/** POST /api/admin/activations/{id}/reject {reason}. */
export function rejectActivation(id: string, reason: string) {
  return callApi(ActivationRoutes.reject, {
    params: { id },
    body: { reason },
    fallbackMessage: 'Failed to reject the proof',
  });
}
