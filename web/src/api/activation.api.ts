import {
  ActivationRoutes,
  AuthRoutes,
  type Envelope,
  fillPath,
  Messages,
  PROOF_LIMITS,
  type ProofStatus,
} from '@signalroom/shared';
import { type AnswerOf, type ApiOutcome, callApi, failureOf, readToken, sessionEnded, unreachable } from './client.js';
import { downloadFile, type FileRequest, fetchFile } from './download.js';

/** GET /api/activation: the member's activation status (none, pending, approved, rejected). */
export function fetchActivation() {
  return callApi(ActivationRoutes.status, { fallbackMessage: 'Your activation status could not be loaded.' });
}

export interface ProofSubmission {
  brokerAccount: string;
  depositAmount: string;
  accessPath: string;
  file: File;
}

/**
 * POST /api/activation/proof as multipart/form-data. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; `onProgress` gets 0 to 1. Resolves (never rejects) with the outcome.
 */
export function submitProof(
  proof: ProofSubmission,
  onProgress: (fraction: number) => void,
): { done: Promise<ApiOutcome<AnswerOf<typeof ActivationRoutes.submitProof>>>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ApiOutcome<AnswerOf<typeof ActivationRoutes.submitProof>>>((resolve) => {
    const form = new FormData();
    form.set('brokerAccount', proof.brokerAccount);
    form.set('depositAmount', proof.depositAmount);
    form.set('accessPath', proof.accessPath);
    form.set('file', proof.file, proof.file.name);
    xhr.open(ActivationRoutes.submitProof.method, `/api${ActivationRoutes.submitProof.path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let answer: Envelope<AnswerOf<typeof ActivationRoutes.submitProof>> | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Envelope<AnswerOf<typeof ActivationRoutes.submitProof>>;
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success && answer.data) {
        resolve({ ok: true, data: answer.data, message: answer.message, pagination: null });
        return;
      }
      if (xhr.status === 401 && token) sessionEnded();
      resolve(failureOf(answer, xhr.status === 413 ? 'The file is too large.' : 'The proof could not be sent.'));
    });
    xhr.addEventListener('error', () => resolve(unreachable()));
    xhr.addEventListener('abort', () => resolve(failureOf(null, 'Upload cancelled.')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** A proof's file route, and what to say and name it when the answer gives nothing. */
function proofFile(id: string): [string, FileRequest] {
  return [
    `/api${fillPath(ActivationRoutes.proofFile.path, { id })}`,
    { fallbackMessage: 'The file could not be loaded.', fallbackName: 'proof', label: `Proof file ${id}` },
  ];
}

/**
 * GET /api/activation/proof/{id}/file with the session (a plain link cannot carry it): the file's bytes
 * and the download name the server gave it. Only the owner and admins get it.
 */
export function fetchProofFile(id: string): Promise<ApiOutcome<{ blob: Blob; name: string }>> {
  return fetchFile(...proofFile(id));
}

/** Fetches a proof's file and hands it to the browser as a download. */
export function downloadProofFile(id: string): Promise<ApiOutcome<true>> {
  return downloadFile(...proofFile(id));
}

/** POST /api/auth/validate-dashboard-code: unlocks the member when the code is theirs, unused and unexpired. */
export function validateDashboardCode(dashboardCode: string) {
  return callApi(AuthRoutes.validateDashboardCode, {
    body: { dashboardCode },
    fallbackMessage: Messages.wrapper.validateDashboardCode,
  });
}

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
