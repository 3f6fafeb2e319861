import {
  DELIVERY_CHANNELS,
  DELIVERY_OVERVIEW_PAGE_SIZE,
  type DeliveryChannel,
  DeliveryContract,
  DeliveryMessages,
  type DeliveryStatus,
  isAllowedPushEndpoint,
  type TDeliveredSignal,
  type TDeliveryChannelCounts,
  type TSignalDeliveries,
  type TTelegramStatus,
} from '@signalroom/shared';
import { findSignal } from '@signalroom/shared-node';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { isUuid } from '../../http/parse.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { readNotificationSettings, saveNotificationSettings } from '../users/notifications.repository.js';
import { findUserById } from '../users/users.repository.js';
import { listDeliveredSignals, readSignalDeliveries } from './delivery.repository.js';
import { type DeliverySecrets, memberOfUnsubscribeToken } from './delivery.secrets.js';
import { listPushDevices, removePushDevice, savePushDevice } from './push-devices.repository.js';
import type { TelegramChannel } from './telegram.bot.js';
import { findLink, issueLinkCode, unlinkMember } from './telegram.links.js';

/**
 * Per channel, the counts in each state: a recipient queued in a batch but not yet in the log is still
 * queued, so queued is what the batches hold minus the final states.
 */
function channelCounts(
  queuedTotal: (channel: DeliveryChannel) => number,
  count: (channel: DeliveryChannel, status: DeliveryStatus) => number,
): TDeliveryChannelCounts[] {
  return DELIVERY_CHANNELS.map((channel) => {
    const [sent, failed, skipped] = [count(channel, 'sent'), count(channel, 'failed'), count(channel, 'skipped')];
    return { channel, queued: Math.max(0, queuedTotal(channel) - sent - failed - skipped), sent, failed, skipped };
  });
}

async function telegramStatus(
  ctx: ServerContext,
  telegram: TelegramChannel | null,
  userId: string,
): Promise<TTelegramStatus> {
  if (!telegram) return { enabled: false, linked: false, username: null, linkedAt: null, botUsername: null };
  const [link, botUsername] = await Promise.all([findLink(ctx.db, userId), telegram.botUsername()]);
  return {
    enabled: true,
    linked: Boolean(link),
    username: link?.username ?? null,
    linkedAt: link?.linked_at.toISOString() ?? null,
    botUsername,
  };
}

/** Web Push devices, the Telegram link, one-click unsubscribe and the admins' delivery log. */
export async function registerDeliveryRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  deps: { secrets: DeliverySecrets; telegram: TelegramChannel | null },
): Promise<void> {
  const { secrets, telegram } = deps;

  await routeGroup(app, ctx, 'member', (scope) => {
    serve(scope, DeliveryContract.pushKey, async () =>
      ok({ publicKey: secrets.vapid.publicKey }, DeliveryMessages.pushKey),
    );
    serve(scope, DeliveryContract.pushDevices, async (request) =>
      ok(await listPushDevices(ctx.db, memberOf(request).id), DeliveryMessages.pushDevices),
    );
    serve(scope, DeliveryContract.subscribePush, async (request) => {
      if (!isAllowedPushEndpoint(request.body.endpoint, ctx.config.PUSH_SERVICE_HOSTS)) {
        throw AppError.validation(DeliveryMessages.pushServiceRefused, {
          endpoint: DeliveryMessages.pushServiceRefused,
        });
      }
      return ok(await savePushDevice(ctx.db, memberOf(request).id, request.body), DeliveryMessages.pushSubscribed);
    });
    serve(scope, DeliveryContract.removePushDevice, async (request) => {
      const id = request.params.id;
      const removed = isUuid(id) && (await removePushDevice(ctx.db, memberOf(request).id, id));
      if (!removed) throw AppError.notFound(DeliveryMessages.pushNotFound);
      return ok(null, DeliveryMessages.pushRemoved);
    });
    serve(scope, DeliveryContract.telegram, async (request) =>
      ok(await telegramStatus(ctx, telegram, memberOf(request).id), DeliveryMessages.telegramStatus),
    );
    serve(scope, DeliveryContract.telegramLinkCode, async (request) => {
      if (!telegram) throw AppError.conflict(DeliveryMessages.telegramOff);
      const { code, expiresAt } = await issueLinkCode(ctx.db, memberOf(request).id, ctx.now());
      const bot = await telegram.botUsername();
      const link = bot ? `https://t.me/${bot}?start=${code}` : null;
      return ok({ code, expiresAt: expiresAt.toISOString(), link }, DeliveryMessages.telegramCodeIssued);
    });
    serve(scope, DeliveryContract.unlinkTelegram, async (request) => {
      const member = memberOf(request);
      await unlinkMember(ctx.db, member.id);
      return ok(await telegramStatus(ctx, telegram, member.id), DeliveryMessages.telegramUnlinked);
    });
  });

  await routeGroup(app, ctx, 'public', (scope) => {
    // Mail clients post RFC 8058's form body ("List-Unsubscribe=One-Click"); the token is in the address.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );
    serve(scope, DeliveryContract.unsubscribe, async (request) => {
      const userId = memberOfUnsubscribeToken(secrets.unsubscribeKey, request.query.token);
      const member = userId && isUuid(userId) ? await findUserById(ctx.db, userId) : null;
      if (!member) throw AppError.notFound(DeliveryMessages.unsubscribeInvalid);
      const settings = await readNotificationSettings(ctx.db, member.id);
      await saveNotificationSettings(ctx.db, member.id, { ...settings, signals: false });
      return ok(null, DeliveryMessages.unsubscribed);
    });
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, DeliveryContract.signalDeliveries, async (request) => {
      const id = request.params.id;
      if (!isUuid(id) || !(await findSignal(ctx.db, id))) throw AppError.notFound(DeliveryMessages.signalNotFound);
      const { totals, counts, problems } = await readSignalDeliveries(ctx.db, id);
      const data: TSignalDeliveries = {
        signalId: id,
        channels: channelCounts(
          (channel) => Number(totals.find((t) => t.channel === channel)?.count ?? 0),
          (channel, status) => Number(counts.find((c) => c.channel === channel && c.status === status)?.count ?? 0),
        ),
        problems: problems.map((p) => ({
          channel: p.channel,
          status: p.status,
          memberEmail: p.email,
          attempts: p.attempts,
          error: p.error,
          updatedAt: p.updated_at.toISOString(),
        })),
      };
      return ok(data, DeliveryMessages.deliveriesListed);
    });
    serve(scope, DeliveryContract.deliveredSignals, async (request) => {
      const { page } = request.query;
      const limit = DELIVERY_OVERVIEW_PAGE_SIZE;
      const { rows, total } = await listDeliveredSignals(ctx.db, { offset: (page - 1) * limit, limit });
      const items: TDeliveredSignal[] = rows.map((row) => ({
        signalId: row.id,
        asset: row.asset,
        direction: row.direction,
        issuedAt: new Date(row.created_at).toISOString(),
        channels: channelCounts(
          (channel) => row.totals?.[channel] ?? 0,
          (channel, status) => row.counts?.[`${channel}:${status}`] ?? 0,
        ),
      }));
      const pagination = { total, pages: Math.max(1, Math.ceil(total / limit)), current: page };
      return ok(
        items,
        items.length ? DeliveryMessages.deliveredSignalsListed : DeliveryMessages.noDeliveredSignals,
        pagination,
      );
    });
  });
}
