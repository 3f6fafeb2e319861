import type { TPerformanceStats, TPublicStats, TSignalView } from '@signalroom/shared';
import { api } from './client.js';

/** Outcome of a REST read: the data, or why not (so screens can show an error state honestly). */
export type FetchResult<T> =
  | { ok: true; data: T }
  /** unauthorized: the session token is dead; forbidden: the member lacks access (e.g. just revoked). */
  | { ok: false; message: string; status: 'unauthorized' | 'forbidden' | 'failed' };

function fail<T>(message: string, code: string | undefined): FetchResult<T> {
  const status = code === 'unauthorized' ? 'unauthorized' : code === 'forbidden' ? 'forbidden' : 'failed';
  return { ok: false, message, status };
}

/** GET /api/signals?limit=10&sortOrder=desc: the newest signals this member may see (teasers past the limit). */
export async function fetchSignals(limit = 10): Promise<FetchResult<TSignalView[]>> {
  try {
    const answer = await api.get<TSignalView[]>(`/signals?limit=${limit}&sortOrder=desc`);
    if (answer.success && Array.isArray(answer.data)) return { ok: true, data: answer.data };
    return fail(answer.message, answer.error?.code);
  } catch {
    return fail('The signal service could not be reached.', undefined);
  }
}

/** GET /api/signals/stats/performance: statistics from resolved signals only. */
export async function fetchPerformanceStats(): Promise<FetchResult<TPerformanceStats>> {
  try {
    const answer = await api.get<TPerformanceStats>('/signals/stats/performance');
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    return fail(answer.message, answer.error?.code);
  } catch {
    return fail('The statistics service could not be reached.', undefined);
  }
}

/** GET /api/stats/public: platform figures counted from records (member count for the locked page). */
export async function fetchPublicStats(): Promise<FetchResult<TPublicStats>> {
  try {
    const answer = await api.get<TPublicStats>('/stats/public');
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    return fail(answer.message, answer.error?.code);
  } catch {
    return fail('Statistics could not be reached.', undefined);
  }
}
