import { AuthRoutes, Messages } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/auth/me: who the stored token belongs to (a 401 ends the session, see client.ts). */
export function fetchMe() {
  return callApi(AuthRoutes.me, { fallbackMessage: Messages.wrapper.me });
}

/** POST /api/auth/logout. The caller clears storage whatever happens. */
export async function logout(): Promise<void> {
  await callApi(AuthRoutes.logout, { body: {}, fallbackMessage: Messages.wrapper.logout });
}
