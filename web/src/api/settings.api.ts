import {
  type TNotificationSettings,
  type TPasswordChangeRequest,
  type TProfileUpdateRequest,
  UsersRoutes,
} from '@signalroom/shared';
import { callApi } from './client.js';

/** PUT /api/users/profile: the settings page's profile save (name, phone, country, telegram). */
export function saveSettingsProfile(body: TProfileUpdateRequest) {
  return callApi(UsersRoutes.updateProfile, { body, fallbackMessage: 'Your profile could not be saved.' });
}

/** POST /api/users/email-change: mails a code to the new address. */
export function requestEmailChange(newEmail: string) {
  return callApi(UsersRoutes.requestEmailChange, {
    body: { newEmail },
    fallbackMessage: 'The confirmation code could not be sent.',
  });
}

/** POST /api/users/email-change/confirm: applies the change with the code; answers the updated member. */
export function confirmEmailChange(confirmationCode: string) {
  return callApi(UsersRoutes.confirmEmailChange, {
    body: { confirmationCode },
    fallbackMessage: 'The email address could not be changed.',
  });
}

/** POST /api/users/password. */
export function changePassword(body: TPasswordChangeRequest) {
  return callApi(UsersRoutes.changePassword, { body, fallbackMessage: 'The password could not be changed.' });
}

/** GET /api/users/sessions. */
export function fetchSessions(signal?: AbortSignal) {
  return callApi(UsersRoutes.listSessions, { signal, fallbackMessage: 'Your sessions could not be loaded.' });
}

/** DELETE /api/users/sessions/{id}. */
export function revokeSession(id: string) {
  return callApi(UsersRoutes.revokeSession, {
    params: { id },
    fallbackMessage: 'The session could not be logged out.',
  });
}

/** POST /api/users/sessions/revoke-others. */
export function revokeOtherSessions() {
  return callApi(UsersRoutes.revokeOtherSessions, {
    fallbackMessage: 'The other sessions could not be logged out.',
  });
}

/** GET /api/users/notifications. */
export function fetchNotifications(signal?: AbortSignal) {
  return callApi(UsersRoutes.notifications, {
    signal,
    fallbackMessage: 'Your notification settings could not be loaded.',
  });
}

/** PUT /api/users/notifications. */
export function saveNotifications(body: TNotificationSettings) {
  return callApi(UsersRoutes.saveNotifications, {
    body,
    fallbackMessage: 'Your notification settings could not be saved.',
  });
}

/** DELETE /api/users/me {password}: cancels the membership. */
export function deleteAccount(password: string) {
  return callApi(UsersRoutes.deleteAccount, {
    body: { password },
    fallbackMessage: 'Your membership could not be cancelled.',
  });
}
