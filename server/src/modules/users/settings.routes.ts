import { SettingsMessages, UsersContract } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { readBearerToken } from '../../http/guards.js';
import { linkBaseFor } from '../../http/public-url.js';
import { installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { changePassword, listSessions, revokeOtherSessions, revokeSession } from './account-security.service.js';
import { confirmEmailChange, requestEmailChange } from './email-change.service.js';
import { deleteAccount, exportMemberData } from './member-data.service.js';
import { readNotificationSettings, saveNotificationSettings } from './notifications.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const byMember = (request: FastifyRequest) => request.member?.id ?? null;

/**
 * Per-member limits of the calls that check a password or send mail, so a stolen session can neither
 * guess the password behind it nor mail-bomb addresses. A person changing settings never meets them.
 */
export const SETTINGS_LIMITS = {
  password: [{ name: 'settings-password:user', max: 10, windowMs: HOUR, key: byMember }],
  emailChange: [{ name: 'settings-email-change:user', max: 10, windowMs: HOUR, key: byMember }],
  deleteAccount: [{ name: 'settings-delete:user', max: 10, windowMs: HOUR, key: byMember }],
} satisfies Record<string, LimitRule[]>;

/** The settings page's calls: e-mail change, password, sessions, notifications, export, deletion. */
export async function registerSettingsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', async (scope) => {
    await installRateLimits(scope, ctx);
    const limit = (rules: LimitRule[]) => ({ preValidation: limitBy(scope, ctx, rules) });
    // The group's guard admitted the request, so it carries a live session token.
    const tokenOf = (request: FastifyRequest) => readBearerToken(request) ?? '';
    // Mails answer the browser that asked, at the origin it used (when it is one of ours).
    const linkBaseOf = (request: FastifyRequest) => linkBaseFor(ctx, request.headers.origin);

    serve(
      scope,
      UsersContract.requestEmailChange,
      async (request) =>
        ok(
          await requestEmailChange(ctx, memberOf(request), request.body, linkBaseOf(request)),
          SettingsMessages.emailChangeSent,
        ),
      limit(SETTINGS_LIMITS.emailChange),
    );
    serve(
      scope,
      UsersContract.confirmEmailChange,
      async (request) =>
        ok(
          await confirmEmailChange(ctx, memberOf(request), request.body, linkBaseOf(request)),
          SettingsMessages.emailChanged,
        ),
      limit(SETTINGS_LIMITS.emailChange),
    );
    serve(
      scope,
      UsersContract.changePassword,
      async (request) => {
        const revokedKeys = await changePassword(
          ctx,
          memberOf(request),
          tokenOf(request),
          request.body,
          linkBaseOf(request),
        );
        return ok(
          { revokedKeys },
          SettingsMessages.passwordChanged + SettingsMessages.apiKeysRevoked(revokedKeys.length),
        );
      },
      limit(SETTINGS_LIMITS.password),
    );
    serve(scope, UsersContract.listSessions, async (request) =>
      ok(await listSessions(ctx, memberOf(request), tokenOf(request)), SettingsMessages.sessionsListed),
    );
    serve(scope, UsersContract.revokeOtherSessions, async (request) => {
      const result = await revokeOtherSessions(ctx, memberOf(request), tokenOf(request), linkBaseOf(request));
      return ok(
        result,
        SettingsMessages.otherSessionsRevoked + SettingsMessages.apiKeysRevoked(result.revokedKeys.length),
      );
    });
    serve(scope, UsersContract.revokeSession, async (request) => {
      await revokeSession(ctx, memberOf(request), request.params.id);
      return ok(null, SettingsMessages.sessionRevoked);
    });
    serve(scope, UsersContract.notifications, async (request) =>
      ok(await readNotificationSettings(ctx.db, memberOf(request).id), SettingsMessages.notificationsListed),
    );
    serve(scope, UsersContract.saveNotifications, async (request) =>
      ok(
        await saveNotificationSettings(ctx.db, memberOf(request).id, request.body),
        SettingsMessages.notificationsSaved,
      ),
    );
    serve(scope, UsersContract.exportData, async (request, reply) => {
      const data = await exportMemberData(ctx, memberOf(request));
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="elite-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    });
    serve(
      scope,
      UsersContract.deleteAccount,
      async (request) => {
        await deleteAccount(ctx, memberOf(request), request.body);
        return ok(null, SettingsMessages.accountDeleted);
      },
      limit(SETTINGS_LIMITS.deleteAccount),
    );
  });
}
