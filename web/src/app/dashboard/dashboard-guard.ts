import type { TUser } from '@signalroom/shared';
import type { ApiOutcome } from '../../api/client.js';

/**
 * Where a visitor to /dashboard goes before anything loads (docs/decisions.md, "Sessions and dashboard access"): a device
 * that never signed in → /signup; one that did (a stored user without a token, or the device token a login leaves,
 * which logging out keeps) → /login; otherwise verify the token.
 */
export function decideDashboardEntry(
  storedUser: TUser | null,
  token: string | null,
  deviceToken: string | null = null,
): 'signup' | 'login' | 'verify' {
  if (!storedUser) return deviceToken ? 'login' : 'signup';
  if (!token) return 'login';
  return 'verify';
}

/**
 * What the answer of GET /api/auth/me means: a fresh user; a dead token (expired or revoked) → /login;
 * an unreachable server → carry on with the stored user (a server outage must not log members out).
 */
export function decideAfterMe(result: ApiOutcome<TUser>): { next: 'ready'; user: TUser | null } | { next: 'login' } {
  if (result.ok) return { next: 'ready', user: result.data };
  if (result.status === 'unauthorized') return { next: 'login' };
  return { next: 'ready', user: null };
}
