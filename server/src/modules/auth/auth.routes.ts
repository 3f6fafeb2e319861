import { AuthContract, AuthMessages, Messages } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { readBearerToken } from '../../http/guards.js';
import { linkBaseFor } from '../../http/public-url.js';
import { installRateLimits, type LimitRule, limitBy, slowDownBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { answerNoSoonerThan } from '../../http/timing.js';
import { getMailer } from '../mail/mail.service.js';
import { sessionClientOf } from '../users/session-client.js';
import { redeemDashboardCode, sendActivationEmail } from './account.service.js';
import { AUTH_LIMITS, REGISTER_FLOOR_MS, SIGNUP_SLOWDOWN } from './auth.limits.js';
import { confirmEmailCode, login, logout, registerMember, resendConfirmationCode } from './auth.service.js';
import { requestPasswordReset, resetPassword, verifyResetToken } from './password-reset.service.js';

/** The auth calls under /api/auth, with their rate limits. */
export async function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const mailer = getMailer(ctx);
  // Links in mails name the origin the browser asked from, when it is one of ours (see linkBaseFor).
  const linkBaseOf = (request: FastifyRequest) => linkBaseFor(ctx, request.headers.origin);
  // Background mails finish before the database closes.
  app.addHook('onClose', async () => mailer.close());

  await routeGroup(app, ctx, 'public', async (auth) => {
    await installRateLimits(auth, ctx);
    const limit = (rules: LimitRule[]) => ({ preValidation: limitBy(auth, ctx, rules) });

    serve(
      auth,
      AuthContract.register,
      async (request) => ok(await registerMember(ctx, request.body, linkBaseOf(request)), AuthMessages.registered),
      {
        ...answerNoSoonerThan(REGISTER_FLOOR_MS),
        preValidation: [limitBy(auth, ctx, AUTH_LIMITS.register), slowDownBy(ctx, SIGNUP_SLOWDOWN)],
      },
    );

    serve(
      auth,
      AuthContract.confirmCode,
      async (request) =>
        ok(
          await confirmEmailCode(ctx, request.body, sessionClientOf(request), linkBaseOf(request)),
          AuthMessages.confirmed,
        ),
      limit(AUTH_LIMITS.confirm),
    );

    serve(
      auth,
      AuthContract.resendWelcomeEmail,
      async (request) => {
        await resendConfirmationCode(ctx, request.body);
        return ok(null, Messages.confirmation.resendSuccess);
      },
      limit(AUTH_LIMITS.resend),
    );

    serve(
      auth,
      AuthContract.login,
      async (request) => ok(await login(ctx, request.body, sessionClientOf(request)), AuthMessages.loginSucceeded),
      limit(AUTH_LIMITS.login),
    );

    serve(
      auth,
      AuthContract.forgotPassword,
      async (request) => {
        await requestPasswordReset(ctx, request.body, linkBaseOf(request));
        return ok(null, AuthMessages.forgotPasswordSent);
      },
      limit(AUTH_LIMITS.forgot),
    );

    serve(
      auth,
      AuthContract.verifyResetToken,
      async (request) => ok(await verifyResetToken(ctx, request.body.token), AuthMessages.resetTokenValid),
      limit(AUTH_LIMITS.reset),
    );

    serve(
      auth,
      AuthContract.resetPassword,
      async (request) => {
        await resetPassword(ctx, request.body);
        return ok(null, AuthMessages.passwordReset);
      },
      limit(AUTH_LIMITS.reset),
    );
  });

  await routeGroup(app, ctx, 'member', async (account) => {
    await installRateLimits(account, ctx);

    serve(account, AuthContract.me, async (request) => ok(memberOf(request), AuthMessages.userFound));

    serve(account, AuthContract.logout, async (request) => {
      // The group's guard admitted the request, so it carries a live session token.
      await logout(ctx, readBearerToken(request) ?? '');
      return ok(null, AuthMessages.loggedOut);
    });

    serve(account, AuthContract.sendActivationEmail, async (request) => {
      await sendActivationEmail(ctx, memberOf(request), linkBaseOf(request));
      return ok(null, AuthMessages.activationEmailSent);
    });

    serve(
      account,
      AuthContract.validateDashboardCode,
      async (request) => {
        const unlocked = await redeemDashboardCode(ctx, memberOf(request), request.body.dashboardCode);
        return ok(unlocked, AuthMessages.dashboardUnlocked);
      },
      { preValidation: limitBy(account, ctx, AUTH_LIMITS.dashboardCode) },
    );
  });
}
