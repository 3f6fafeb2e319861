import { type TProfileUpdateRequest, UsersRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/**
 * PUT /api/users/profile: the account-setup save. Answers the updated user, or why not: the server's
 * own message (e.g. a deposit below the path minimum).
 */
export function saveProfile(body: TProfileUpdateRequest) {
  return callApi(UsersRoutes.updateProfile, { body });
}
