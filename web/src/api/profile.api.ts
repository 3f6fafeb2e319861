import type { TProfileUpdateRequest, TUser } from '@signalroom/shared';
import { api } from './client.js';
import type { FetchResult } from './signals.api.js';

/**
 * PUT /api/users/profile (spec section 7): the account-setup save. Answers the updated user, or why
 * not: the server's own message (e.g. a deposit below the path minimum), 'unauthorized' for a dead
 * session, or a network failure.
 */
export async function saveProfile(body: TProfileUpdateRequest): Promise<FetchResult<TUser>> {
  try {
    const answer = await api.put<TUser>('/users/profile', body);
    if (answer.success && answer.data) return { ok: true, data: answer.data };
    const code = answer.error?.code;
    return {
      ok: false,
      message: answer.message,
      status: code === 'unauthorized' ? 'unauthorized' : code === 'forbidden' ? 'forbidden' : 'failed',
    };
  } catch {
    return { ok: false, message: 'The server could not be reached.', status: 'failed' };
  }
}
