import {
  type Envelope,
  Messages,
  type Pagination,
  PROOF_LIMITS,
  type ProofStatus,
  type TActivation,
  type TAdminActivation,
  type TDashboardCodeData,
  type TUser,
} from '@signalroom/shared';
import { api, readToken } from './client.js';
import type { FetchResult } from './signals.api.js';

/** A failed call: the server's message, its field messages, and what kind of failure it was. */
export type CallFailure = {
  ok: false;
  message: string;
  fields: Record<string, string>;
  status: 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'rate_limited' | 'failed';
};
export type CallResult<T> = { ok: true; data: T } | CallFailure;

const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

function failed<T>(answer: Pick<Envelope<unknown>, 'message' | 'error'> | null, fallback: string): CallResult<T> {
  const code = answer?.error?.code;
  const known = ['unauthorized', 'forbidden', 'not_found', 'conflict', 'too_large', 'rate_limited'] as const;
  const status = known.find((k) => k === code) ?? 'failed';
  return { ok: false, message: answer?.message?.trim() || fallback, fields: answer?.error?.fields ?? {}, status };
}

function isAbort(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  return cause instanceof DOMException && cause.name === 'AbortError';
}

async function call<T>(run: () => Promise<Envelope<T>>, fallback: string): Promise<CallResult<T>> {
  try {
    const answer = await run();
    if (answer.success && answer.data !== null) return { ok: true, data: answer.data };
    return failed(answer, fallback);
  } catch (error) {
    if (isAbort(error)) throw error;
    return failed(null, UNREACHABLE);
  }
}

/** GET /api/activation: the member's activation status (none, pending, approved, rejected). */
export async function fetchActivation(): Promise<FetchResult<TActivation>> {
  const result = await call(() => api.get<TActivation>('/activation'), 'Your activation status could not be loaded.');
  if (result.ok) return result;
  const status = result.status === 'unauthorized' || result.status === 'forbidden' ? result.status : 'failed';
  return { ok: false, message: result.message, status };
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
): { done: Promise<CallResult<{ activation: TActivation; user: TUser }>>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<CallResult<{ activation: TActivation; user: TUser }>>((resolve) => {
    const form = new FormData();
    form.set('brokerAccount', proof.brokerAccount);
    form.set('depositAmount', proof.depositAmount);
    form.set('accessPath', proof.accessPath);
    form.set('file', proof.file, proof.file.name);
    xhr.open('POST', '/api/activation/proof');
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let answer: Envelope<{ activation: TActivation; user: TUser }> | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Envelope<{ activation: TActivation; user: TUser }>;
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success && answer.data) {
        resolve({ ok: true, data: answer.data });
      } else {
        resolve(failed(answer, xhr.status === 413 ? 'The file is too large.' : 'The proof could not be sent.'));
      }
    });
    xhr.addEventListener('error', () => resolve(failed(null, UNREACHABLE)));
    xhr.addEventListener('abort', () => resolve(failed(null, 'Upload cancelled.')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/**
 * GET /api/activation/proof/{id}/file with the session (a plain link cannot carry it): the file's bytes
 * and the download name the server gave it. Only the owner and admins get it.
 */
export async function fetchProofFile(id: string): Promise<CallResult<{ blob: Blob; name: string }>> {
  let response: Response;
  try {
    const token = readToken();
    response = await fetch(`/api/activation/proof/${encodeURIComponent(id)}/file`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return failed(null, UNREACHABLE);
  }
  if (!response.ok) {
    const answer = (await response.json().catch((error: unknown) => {
      // An error answer that is not JSON (a proxy's page): the generic message below is shown instead.
      console.warn(`Proof file ${id}: HTTP ${response.status} answer is not JSON:`, error);
      return null;
    })) as Envelope<unknown> | null;
    return failed(answer, 'The file could not be loaded.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'proof';
  return { ok: true, data: { blob: await response.blob(), name } };
}

/** Fetches a proof's file and hands it to the browser as a download. */
export async function downloadProofFile(id: string): Promise<CallResult<true>> {
  const result = await fetchProofFile(id);
  if (!result.ok) return result;
  const url = URL.createObjectURL(result.data.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = result.data.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { ok: true, data: true };
}

/** POST /api/auth/validate-dashboard-code: unlocks the member when the code is theirs, unused and unexpired. */
export function validateDashboardCode(dashboardCode: string): Promise<CallResult<TDashboardCodeData>> {
  return call(
    () =>
      api.post<TDashboardCodeData>(
        '/auth/validate-dashboard-code',
        { dashboardCode },
        { fallbackMessage: Messages.wrapper.validateDashboardCode },
      ),
    Messages.wrapper.validateDashboardCode,
  );
}

/** GET /api/admin/activations?status&page: one page (50) of proofs in a status, with their members. */
export async function fetchAdminActivations(
  status: ProofStatus,
  page: number,
  signal?: AbortSignal,
): Promise<CallResult<{ items: TAdminActivation[]; pagination: Pagination }>> {
  try {
    const answer = await api.get<TAdminActivation[]>(
      `/admin/activations?status=${status}&page=${page}&limit=${PROOF_LIMITS.pageSize}`,
      { signal, fallbackMessage: 'Failed to load proofs' },
    );
    if (answer.success && Array.isArray(answer.data) && answer.pagination) {
      return { ok: true, data: { items: answer.data, pagination: answer.pagination } };
    }
    return failed(answer, 'Failed to load proofs');
  } catch (error) {
    if (isAbort(error)) throw error;
    return failed(null, UNREACHABLE);
  }
}

/** POST /api/admin/activations/{id}/approve {tier}. */
export function approveActivation(id: string, tier: string): Promise<CallResult<TAdminActivation>> {
  return call(
    () => api.post<TAdminActivation>(`/admin/activations/${encodeURIComponent(id)}/approve`, { tier }),
    'Failed to approve the proof',
  );
}

/** POST /api/admin/activations/{id}/reject {reason}. */
export function rejectActivation(id: string, reason: string): Promise<CallResult<TAdminActivation>> {
  return call(
    () => api.post<TAdminActivation>(`/admin/activations/${encodeURIComponent(id)}/reject`, { reason }),
    'Failed to reject the proof',
  );
}
