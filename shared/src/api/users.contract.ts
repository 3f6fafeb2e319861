import { z } from 'zod';
import { ZProfileUpdateRequest } from '../auth.schemas.js';
import { ZRiskPlanRequest, ZRiskPlanStanding } from '../risk-plan.js';
import {
  ZDeleteAccountRequest,
  ZEmailChangeConfirmRequest,
  ZEmailChangeRequest,
  ZMemberSession,
  ZNotificationSettings,
  ZPasswordChangeRequest,
  ZRevokedKeys,
} from '../settings.js';
import { ZUser } from '../user.js';
import { type RouteTable, withSchemas } from './contract.js';

/** A session id in the path; the server answers 404 for anything that is not one of the member's. */
const ZSessionParams = z.object({ id: z.string() });

/** The member's own account: where each call lives and who may make it. */
export const UsersRoutes = {
  updateProfile: { method: 'PUT', path: '/users/profile', group: 'member' },
  requestEmailChange: { method: 'POST', path: '/users/email-change', group: 'member' },
  confirmEmailChange: { method: 'POST', path: '/users/email-change/confirm', group: 'member' },
  changePassword: { method: 'POST', path: '/users/password', group: 'member' },
  listSessions: { method: 'GET', path: '/users/sessions', group: 'member' },
  revokeOtherSessions: { method: 'POST', path: '/users/sessions/revoke-others', group: 'member' },
  revokeSession: { method: 'DELETE', path: '/users/sessions/:id', group: 'member' },
  notifications: { method: 'GET', path: '/users/notifications', group: 'member' },
  saveNotifications: { method: 'PUT', path: '/users/notifications', group: 'member' },
  riskPlan: { method: 'GET', path: '/users/risk-plan', group: 'member', apiKey: true },
  saveRiskPlan: { method: 'PUT', path: '/users/risk-plan', group: 'member' },
  exportData: { method: 'GET', path: '/users/export', group: 'member', file: true },
  deleteAccount: { method: 'DELETE', path: '/users/me', group: 'member' },
} as const satisfies RouteTable;

/** What each of UsersRoutes takes and answers. */
export const UsersContract = /* @__PURE__ */ withSchemas(UsersRoutes, {
  updateProfile: {
    summary: "Save the member's profile (account setup and settings); answers the updated member",
    body: ZProfileUpdateRequest,
    data: ZUser,
  },
  requestEmailChange: {
    summary: 'Mail a confirmation code to a new address; the change applies once it is confirmed',
    // An address in use; a resend within the cooldown.
    raises: ['conflict', 'rate_limited'],
    body: ZEmailChangeRequest,
    data: z.object({ newEmail: z.string() }),
  },
  confirmEmailChange: {
    summary: 'Confirm the new address with its code; answers the updated member',
    // An address taken meanwhile.
    raises: ['conflict'],
    body: ZEmailChangeConfirmRequest,
    data: ZUser,
  },
  changePassword: {
    summary:
      'Change the password; every other session of the member ends, and every API key too unless revokeApiKeys is false',
    body: ZPasswordChangeRequest,
    data: ZRevokedKeys,
  },
  listSessions: {
    summary: "The member's live sessions, this one marked",
    data: z.array(ZMemberSession),
  },
  revokeOtherSessions: {
    summary: 'Log out every session of the member but this one, and revoke every API key (their streams close)',
    data: ZRevokedKeys.extend({ revoked: z.number() }),
  },
  revokeSession: {
    summary: 'Log out one of the member’s sessions',
    params: ZSessionParams,
    data: z.null(),
  },
  notifications: {
    summary: "The member's notification choices (defaults when never saved)",
    data: ZNotificationSettings,
  },
  saveNotifications: {
    summary: "Save the member's notification choices",
    body: ZNotificationSettings,
    data: ZNotificationSettings,
  },
  riskPlan: {
    summary:
      "The member's risk plan and where it stands: today's result under it (the signals their room showed in full, resolved in the record) and its equity since it was set",
    data: ZRiskPlanStanding,
  },
  saveRiskPlan: {
    summary:
      "Save the member's risk plan (stake, highest martingale level, daily loss limit, currency); answers where it stands",
    body: ZRiskPlanRequest,
    data: ZRiskPlanStanding,
  },
  exportData: {
    summary: 'Everything stored about the member, as one JSON file download',
    // A file to save (Content-Disposition: attachment), not an envelope: a JSON object, one member per
    // part of the account (profile, sessions, signals received, tickets...), each part's own shape.
    data: z.looseObject({}).meta({ description: 'The member data: one member per part of the account' }),
    media: ['application/json'],
  },
  deleteAccount: {
    summary: "Cancel the membership: delete the account and the member's personal data",
    // The last admin.
    raises: ['conflict'],
    body: ZDeleteAccountRequest,
    data: z.null(),
  },
});
