import { AdminRoutes, LIMITS, type Role, type TAccessUpdateRequest, type Tier } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/admin/users?page={n}&limit=50: one page of members and the pagination (total, pages, current). */
export function fetchAdminUsers(page: number, signal?: AbortSignal) {
  return callApi(AdminRoutes.listUsers, {
    query: { page, limit: LIMITS.adminPageSize },
    signal,
    fallbackMessage: 'Failed to load users',
  });
}

/** GET /api/admin/users/search?query={text}&limit=50. Callers never send empty text. */
export function searchAdminUsers(query: string, signal?: AbortSignal) {
  return callApi(AdminRoutes.searchUsers, {
    query: { query, limit: LIMITS.adminPageSize },
    signal,
    fallbackMessage: 'Failed to search users',
  });
}

/** PATCH /api/admin/users/{id}/access with tier, dashboardUnlocked, hasDeposited; answers the updated member. */
export function updateUserAccess(id: string, access: TAccessUpdateRequest) {
  return callApi(AdminRoutes.updateAccess, {
    params: { id },
    body: access,
    fallbackMessage: 'Failed to update access',
  });
}

/** POST /api/admin/users/{id}/role: grant (admin) or remove (member) the admin role. */
export function updateUserRole(id: string, role: Role) {
  return callApi(AdminRoutes.setRole, { params: { id }, body: { role }, fallbackMessage: 'Failed to update role' });
}

/**
 * POST /api/admin/users/{id}/dashboard-code: issues the member's one-time dashboard code (replacing an
 * unused one). The plain code is in this answer only; the server keeps a hash.
 */
export function issueDashboardCode(id: string, tier: Tier | null) {
  return callApi(AdminRoutes.issueDashboardCode, {
    params: { id },
    body: tier ? { tier } : {},
    fallbackMessage: 'Failed to issue the dashboard code',
  });
}
