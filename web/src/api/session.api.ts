import { Messages, type TUser } from '@signalroom/shared';
import { api, NetworkError } from './client.js';

/** Result of asking the server who the stored token belongs to. */
export type MeResult =
  | { kind: 'ok'; user: TUser }
  /** The token is missing, expired or revoked (401): the member must log in again. */
  | { kind: 'unauthorized' }
  /** The server could not be reached or failed: the dashboard falls back to the stored user. */
  | { kind: 'unavailable' };

/** GET /api/auth/me (spec section 7). */
export async function fetchMe(): Promise<MeResult> {
  try {
    const answer = await api.get<TUser>('/auth/me', { fallbackMessage: Messages.wrapper.me });
    if (answer.success && answer.data) return { kind: 'ok', user: answer.data };
    if (answer.error?.code === 'unauthorized') return { kind: 'unauthorized' };
    return { kind: 'unavailable' };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: 'unavailable' };
    throw error;
  }
}

/** POST /api/auth/logout. The caller clears storage whatever happens (spec section 7). */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', {}, { fallbackMessage: Messages.wrapper.logout });
  } catch {
    // Logout clears local storage regardless of the outcome.
  }
}
