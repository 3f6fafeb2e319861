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
import { defineRoute, ZNothing } from './contract.js';

/** Sign-up, confirmation, sessions, password reset and the dashboard code, under /api/auth. */
export const AuthContract = {
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    group: 'public',
    summary: 'Sign up; the same answer for a new and an existing e-mail',
    body: ZRegisterRequest,
    data: ZRegisterData,
    status: 201,
  }),
  confirmCode: defineRoute({
    method: 'POST',
    path: '/auth/confirm-code',
    group: 'public',
    summary: 'Confirm the e-mail with its code; opens a session',
    body: ZConfirmCodeRequest,
    data: ZSessionData,
  }),
  resendWelcomeEmail: defineRoute({
    method: 'POST',
    path: '/auth/resend-welcome-email',
    group: 'public',
    summary: 'Send the confirmation code again',
    body: ZResendRequest,
    data: z.null(),
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    group: 'public',
    summary: 'Log in; opens a session',
    body: ZLoginRequest,
    data: ZSessionData,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    group: 'member',
    summary: 'End this session',
    body: ZNothing,
    data: z.null(),
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    group: 'member',
    summary: 'The member the session belongs to',
    data: ZUser,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    group: 'public',
    summary: 'Mail a password reset link (the same answer for any e-mail)',
    body: ZForgotPasswordRequest,
    data: z.null(),
  }),
  verifyResetToken: defineRoute({
    method: 'POST',
    path: '/auth/verify-reset-token',
    group: 'public',
    summary: 'Whether a reset link is still valid, and for which e-mail',
    body: ZResetTokenRequest,
    data: z.object({ email: z.string() }),
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    group: 'public',
    summary: 'Set a new password with a reset link',
    body: ZResetPasswordRequest,
    data: z.null(),
  }),
  sendActivationEmail: defineRoute({
    method: 'POST',
    path: '/auth/send-activation-email',
    group: 'member',
    summary: 'Mail the member the activation steps',
    body: ZNothing,
    data: z.null(),
  }),
  validateDashboardCode: defineRoute({
    method: 'POST',
    path: '/auth/validate-dashboard-code',
    group: 'member',
    summary: "Unlock the member's dashboard with a one-time code",
    body: ZDashboardCodeRequest,
    data: ZDashboardCodeData,
  }),
} as const;
