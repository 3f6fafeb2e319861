import { AdminRoutes, AuditRoutes, LIMITS, type TAuditQuery } from '@signalroom/shared';
import { callApi } from './client.js';

/** The audit screen's filters as the page holds them (empty text means "any"). */
export type AuditFilters = Pick<TAuditQuery, 'actor' | 'target' | 'action' | 'from' | 'to'>;

/** GET /api/admin/audit: one page of audit rows (newest first) and its pagination. */
export function fetchAuditPage(filters: AuditFilters, page: number, signal?: AbortSignal) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;
  return callApi(AuditRoutes.list, {
    query: { ...query, page, limit: LIMITS.adminPageSize },
    signal,
    fallbackMessage: 'Failed to load the audit log',
  });
}

/** GET /api/admin/users/{id}: everything the member detail page shows. */
export function fetchMemberDetail(id: string, signal?: AbortSignal) {
  return callApi(AdminRoutes.memberDetail, { params: { id }, signal, fallbackMessage: 'Failed to load the member' });
}

/** DELETE /api/admin/users/{id}/sessions/{sessionId}: logs out one of the member's sessions. */
export function revokeMemberSession(id: string, sessionId: string) {
  return callApi(AdminRoutes.revokeMemberSession, {
    params: { id, sessionId },
    fallbackMessage: 'Failed to log out the session',
  });
}

/** DELETE /api/admin/users/{id}/sessions: logs out every session of the member. */
export function revokeAllMemberSessions(id: string) {
  return callApi(AdminRoutes.revokeMemberSessions, {
    params: { id },
    fallbackMessage: 'Failed to log out the sessions',
  });
}
