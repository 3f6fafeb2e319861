import {
  AuthMessages,
  Messages,
  ZConfirmCodeRequest,
  ZDashboardCodeRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendRequest,
  ZResetPasswordRequest,
  ZResetTokenRequest,
} from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { readBearerToken, requireUser } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { installRateLimits, limitBy, slowDownBy } from '../../http/rate-limit.js';
import { getMailer } from '../mail/mail.service.js';
import { redeemDashboardCode, sendActivationEmail } from './account.service.js';
import { AUTH_LIMITS, SIGNUP_SLOWDOWN } from './auth.limits.js';
import { confirmEmailCode, login, logout, registerMember, resendConfirmationCode } from './auth.service.js';
import { requestPasswordReset, resetPassword, verifyResetToken } from './password-reset.service.js';

const ZEmpty = z.object({}).strict();

/** The auth calls of spec section 7 under /api/auth, with their rate limits. */
export async function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (auth) => {
    await installRateLimits(auth, ctx);
    const mailer = getMailer(ctx);
    // Background mails finish before the database closes.
    auth.addHook('onClose', async () => mailer.close());
    const limit = (rules: (typeof AUTH_LIMITS)[keyof typeof AUTH_LIMITS]) => ({
      preHandler: limitBy(auth, ctx, rules),
    });

    const register = { preHandler: [limitBy(auth, ctx, AUTH_LIMITS.register), slowDownBy(ctx, SIGNUP_SLOWDOWN)] };
    auth.post('/auth/register', register, async (request, reply) => {
      const data = await registerMember(ctx, parseWith(ZRegisterRequest, request.body));
      return reply.status(201).send(ok(data, AuthMessages.registered));
    });

    auth.post('/auth/confirm-code', limit(AUTH_LIMITS.confirm), async (request) => {
      const session = await confirmEmailCode(ctx, parseWith(ZConfirmCodeRequest, request.body));
      return ok(session, AuthMessages.confirmed);
    });

    auth.post('/auth/resend-welcome-email', limit(AUTH_LIMITS.resend), async (request) => {
      await resendConfirmationCode(ctx, parseWith(ZResendRequest, request.body));
      return ok(null, Messages.confirmation.resendSuccess);
    });

    auth.post('/auth/login', limit(AUTH_LIMITS.login), async (request) => {
      const session = await login(ctx, parseWith(ZLoginRequest, request.body));
      return ok(session, AuthMessages.loginSucceeded);
    });

    auth.post('/auth/logout', async (request) => {
      parseWith(ZEmpty, request.body);
      await requireUser(ctx, request);
      await logout(ctx, readBearerToken(request)!);
      return ok(null, AuthMessages.loggedOut);
    });

    auth.get('/auth/me', async (request) => ok(await requireUser(ctx, request), AuthMessages.userFound));

    auth.post('/auth/forgot-password', limit(AUTH_LIMITS.forgot), async (request) => {
      await requestPasswordReset(ctx, parseWith(ZForgotPasswordRequest, request.body));
      return ok(null, AuthMessages.forgotPasswordSent);
    });

    auth.post('/auth/verify-reset-token', limit(AUTH_LIMITS.reset), async (request) => {
      const { token } = parseWith(ZResetTokenRequest, request.body);
      return ok(await verifyResetToken(ctx, token), AuthMessages.resetTokenValid);
    });

    auth.post('/auth/reset-password', limit(AUTH_LIMITS.reset), async (request) => {
      await resetPassword(ctx, parseWith(ZResetPasswordRequest, request.body));
      return ok(null, AuthMessages.passwordReset);
    });

    auth.post('/auth/send-activation-email', async (request) => {
      parseWith(ZEmpty, request.body);
      const user = await requireUser(ctx, request);
      await sendActivationEmail(ctx, user);
      return ok(null, AuthMessages.activationEmailSent);
    });

    auth.post('/auth/validate-dashboard-code', limit(AUTH_LIMITS.dashboardCode), async (request) => {
      const user = await requireUser(ctx, request);
      const { dashboardCode } = parseWith(ZDashboardCodeRequest, request.body);
      return ok(await redeemDashboardCode(ctx, user, dashboardCode), AuthMessages.dashboardUnlocked);
    });
  });
}
