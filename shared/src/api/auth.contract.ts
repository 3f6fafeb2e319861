import { z } from 'zod';
import { ZDashboardCodeData, ZRegisterData } from '../admin.schemas.js';
import {
  ZConfirmCodeRequest,
  ZDashboardCodeRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendRequest,
  ZResetPasswordRequest,
  ZResetTokenRequest,
  ZSessionData,
} from '../auth.schemas.js';
import { ZUser } from '../user.js';
import { type RouteTable, withSchemas, ZNothing } from './contract.js';

/** Sign-up, confirmation, sessions, password reset, the dashboard code: where each call lives, who may make it. */
export const AuthRoutes = {
  register: { method: 'POST', path: '/auth/register', group: 'public', status: 201 },
  confirmCode: { method: 'POST', path: '/auth/confirm-code', group: 'public' },
  resendWelcomeEmail: { method: 'POST', path: '/auth/resend-welcome-email', group: 'public' },
  login: { method: 'POST', path: '/auth/login', group: 'public' },
  logout: { method: 'POST', path: '/auth/logout', group: 'member' },
  me: { method: 'GET', path: '/auth/me', group: 'member', apiKey: true },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password', group: 'public' },
  verifyResetToken: { method: 'POST', path: '/auth/verify-reset-token', group: 'public' },
  resetPassword: { method: 'POST', path: '/auth/reset-password', group: 'public' },
  sendActivationEmail: { method: 'POST', path: '/auth/send-activation-email', group: 'member' },
  validateDashboardCode: { method: 'POST', path: '/auth/validate-dashboard-code', group: 'member' },
} as const satisfies RouteTable;

/** What each of AuthRoutes takes and answers. */
export const AuthContract = /* @__PURE__ */ withSchemas(AuthRoutes, {
  register: {
    summary: 'Sign up; the same answer for a new and an existing e-mail',
    body: ZRegisterRequest,
    data: ZRegisterData,
  },
  confirmCode: {
    summary: 'Confirm the e-mail with its code; opens a session',
    body: ZConfirmCodeRequest,
    data: ZSessionData,
  },
  resendWelcomeEmail: {
    summary: 'Send the confirmation code again',
    body: ZResendRequest,
    data: z.null(),
  },
  login: {
    summary: 'Log in; opens a session',
    // A wrong e-mail or password, an e-mail not confirmed yet.
    raises: ['unauthorized', 'forbidden'],
    body: ZLoginRequest,
    data: ZSessionData,
  },
  logout: {
    summary: 'End this session',
    body: ZNothing,
    data: z.null(),
  },
  me: {
    summary: 'The member the session belongs to',
    data: ZUser,
  },
  forgotPassword: {
    summary: 'Mail a password reset link (the same answer for any e-mail)',
    body: ZForgotPasswordRequest,
    data: z.null(),
  },
  verifyResetToken: {
    summary: 'Whether a reset link is still valid, and for which e-mail',
    body: ZResetTokenRequest,
    data: z.object({ email: z.string() }),
  },
  resetPassword: {
    summary: 'Set a new password with a reset link',
    body: ZResetPasswordRequest,
    data: z.null(),
  },
  sendActivationEmail: {
    summary: 'Mail the member the activation steps',
    // A resend within the cooldown.
    raises: ['rate_limited'],
    body: ZNothing,
    data: z.null(),
  },
  validateDashboardCode: {
    summary: "Unlock the member's dashboard with a one-time code",
    body: ZDashboardCodeRequest,
    data: ZDashboardCodeData,
  },
});
