import {
  LIMITS,
  type Pagination,
  type Role,
  type TAccessUpdateRequest,
  type TDashboardCodeIssued,
  type Tier,
  type TUser,
} from '@signalroom/shared';
import { api } from './client.js';

/** Outcome of an admin call: the data, or the message to show the admin (the spec only logs; we show it). */
export type AdminResult<T> =
  | { ok: true; data: T }
  /** unauthorized: the session is dead; forbidden: this account is not (or no longer) an admin. */
  | { ok: false; message: string; status: 'unauthorized' | 'forbidden' | 'failed' };

const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

function failure<T>(message: string, code: string | undefined): AdminResult<T> {
  const status = code === 'unauthorized' ? 'unauthorized' : code === 'forbidden' ? 'forbidden' : 'failed';
  return { ok: false, message, status };
}

function isAbort(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  return cause instanceof DOMException && cause.name === 'AbortError';
}

/** Runs one call; an aborted call rethrows (the caller dropped it on purpose), other failures become results. */
async function run<T>(call: () => Promise<AdminResult<T>>): Promise<AdminResult<T>> {
  try {
    return await call();
  } catch (error) {
    if (isAbort(error)) throw error;
    return failure(UNREACHABLE, undefined);
  }
}

/** GET /api/admin/users?page={n}&limit=50: one page of members and the pagination (total, pages, current). */
export function fetchAdminUsers(
  page: number,
  signal?: AbortSignal,
): Promise<AdminResult<{ users: TUser[]; pagination: Pagination }>> {
  return run(async () => {
    const answer = await api.get<TUser[]>(`/admin/users?page=${page}&limit=${LIMITS.adminPageSize}`, {
      signal,
      fallbackMessage: 'Failed to load users',
    });
    if (answer.success && Array.isArray(answer.data) && answer.pagination) {
      return { ok: true, data: { users: answer.data, pagination: answer.pagination } };
    }
    return failure(answer.message, answer.error?.code);
  });
}

/** GET /api/admin/users/search?query={text}&limit=50. Callers never send empty text (spec section 5). */
export function searchAdminUsers(query: string, signal?: AbortSignal): Promise<AdminResult<TUser[]>> {
  return run(async () => {
    const params = new URLSearchParams({ query, limit: String(LIMITS.adminPageSize) });
    const answer = await api.get<TUser[]>(`/admin/users/search?${params}`, {
      signal,
      fallbackMessage: 'Failed to search users',
    });
    if (answer.success && Array.isArray(answer.data)) return { ok: true, data: answer.data };
    return failure(answer.message, answer.error?.code);
  });
}

/** PATCH /api/admin/users/{id}/access with tier, dashboardUnlocked, hasDeposited; answers the updated member. */
export function updateUserAccess(id: string, access: TAccessUpdateRequest): Promise<AdminResult<TUser>> {
  return run(async () => {
    const answer = await api.patch<TUser>(`/admin/users/${encodeURIComponent(id)}/access`, access, {
      fallbackMessage: 'Failed to update access',
    });
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    return failure(answer.message, answer.error?.code);
  });
}

/** POST /api/admin/users/{id}/role: grant (admin) or remove (member) the admin role. */
export function updateUserRole(id: string, role: Role): Promise<AdminResult<TUser>> {
  return run(async () => {
    const answer = await api.post<TUser>(
      `/admin/users/${encodeURIComponent(id)}/role`,
      { role },
      { fallbackMessage: 'Failed to update role' },
    );
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    return failure(answer.message, answer.error?.code);
  });
}

/**
 * POST /api/admin/users/{id}/dashboard-code: issues the member's one-time dashboard code (replacing an
 * unused one). The plain code is in this answer only; the server keeps a hash.
 */
export function issueDashboardCode(id: string, tier: Tier | null): Promise<AdminResult<TDashboardCodeIssued>> {
  return run(async () => {
    const answer = await api.post<TDashboardCodeIssued>(
      `/admin/users/${encodeURIComponent(id)}/dashboard-code`,
      tier ? { tier } : {},
      { fallbackMessage: 'Failed to issue the dashboard code' },
    );
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    return failure(answer.message, answer.error?.code);
  });
}
