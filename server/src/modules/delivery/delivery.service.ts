import {
  DELIVERY_CHANNELS,
  DELIVERY_OVERVIEW_PAGE_SIZE,
  type DeliveryChannel,
  DeliveryMessages,
  type DeliveryStatus,
  isAllowedPushEndpoint,
  type Pagination,
  type TDeliveredSignal,
  type TDeliveryChannelCounts,
  type TPushDevice,
  type TPushSubscriptionRequest,
  type TSignalDeliveries,
  type TTelegramStatus,
} from '@signalroom/shared';
import { findSignal } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { readNotificationSettings, saveNotificationSettings } from '../users/notifications.repository.js';
import { findUserById } from '../users/users.repository.js';
import { listDeliveredSignals, readSignalDeliveries } from './delivery.repository.js';
import { type DeliverySecrets, memberOfUnsubscribeToken } from './delivery.secrets.js';
import { listPushDevices, removePushDevice, savePushDevice } from './push-devices.repository.js';
import type { TelegramChannel } from './telegram.bot.js';
import { findLink, issueLinkCode, unlinkMember } from './telegram.links.js';

/** What the delivery service needs: the database, the clock, its secrets, the allowed push hosts, Telegram. */
export interface DeliveryServiceDeps {
  db: Db;
  now: () => Date;
  secrets: DeliverySecrets;
  pushServiceHosts: readonly string[];
  telegram: TelegramChannel | null;
}

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

/** A member's Web Push devices and Telegram link, one-click unsubscribe, and the admins' delivery log. */
export function createDeliveryService({ db, now, secrets, pushServiceHosts, telegram }: DeliveryServiceDeps) {
  async function telegramStatus(userId: string): Promise<TTelegramStatus> {
    if (!telegram) return { enabled: false, linked: false, username: null, linkedAt: null, botUsername: null };
    const [link, botUsername] = await Promise.all([findLink(db, userId), telegram.botUsername()]);
    return {
      enabled: true,
      linked: Boolean(link),
      username: link?.username ?? null,
      linkedAt: link?.linked_at.toISOString() ?? null,
      botUsername,
    };
  }

  return {
    pushPublicKey: () => secrets.vapid.publicKey,
    pushDevices: (userId: string) => listPushDevices(db, userId),

    /** Saves a browser's subscription; refuses an endpoint that is not a known push service (SSRF). */
    subscribePush(userId: string, subscription: TPushSubscriptionRequest): Promise<TPushDevice> {
      if (!isAllowedPushEndpoint(subscription.endpoint, pushServiceHosts)) {
        throw AppError.validation(DeliveryMessages.pushServiceRefused, {
          endpoint: DeliveryMessages.pushServiceRefused,
        });
      }
      return savePushDevice(db, userId, subscription);
    },

    async removePushDevice(userId: string, deviceId: string): Promise<void> {
      const removed = isUuid(deviceId) && (await removePushDevice(db, userId, deviceId));
      if (!removed) throw AppError.notFound(DeliveryMessages.pushNotFound);
    },

    telegramStatus,

    /** A one-time code the member sends the bot (`/start <code>`), with the bot's deep link when known. */
    async issueTelegramCode(userId: string) {
      if (!telegram) throw AppError.conflict(DeliveryMessages.telegramOff);
      const { code, expiresAt } = await issueLinkCode(db, userId, now());
      const bot = await telegram.botUsername();
      return { code, expiresAt: expiresAt.toISOString(), link: bot ? `https://t.me/${bot}?start=${code}` : null };
    },

    async unlinkTelegram(userId: string): Promise<TTelegramStatus> {
      await unlinkMember(db, userId);
      return telegramStatus(userId);
    },

    /** One-click unsubscribe (RFC 8058): the signed token names the member; signal alerts are turned off. */
    async unsubscribe(token: string): Promise<void> {
      const userId = memberOfUnsubscribeToken(secrets.unsubscribeKey, token);
      const member = userId && isUuid(userId) ? await findUserById(db, userId) : null;
      if (!member) throw AppError.notFound(DeliveryMessages.unsubscribeInvalid);
      const settings = await readNotificationSettings(db, member.id);
      await saveNotificationSettings(db, member.id, { ...settings, signals: false });
    },

    /** One signal's deliveries per channel and state, with the recipients that failed or were skipped. */
    async signalDeliveries(signalId: string): Promise<TSignalDeliveries> {
      if (!isUuid(signalId) || !(await findSignal(db, signalId))) {
        throw AppError.notFound(DeliveryMessages.signalNotFound);
      }
      const { totals, counts, problems } = await readSignalDeliveries(db, signalId);
      return {
        signalId,
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
    },

    /** One page of delivered signals, newest first, with their counts per channel and state. */
    async deliveredSignals(page: number): Promise<{ items: TDeliveredSignal[]; pagination: Pagination }> {
      const limit = DELIVERY_OVERVIEW_PAGE_SIZE;
      const { rows, total } = await listDeliveredSignals(db, { offset: (page - 1) * limit, limit });
      const items = rows.map((row) => ({
        signalId: row.id,
        asset: row.asset,
        direction: row.direction,
        issuedAt: new Date(row.created_at).toISOString(),
        channels: channelCounts(
          (channel) => row.totals?.[channel] ?? 0,
          (channel, status) => row.counts?.[`${channel}:${status}`] ?? 0,
        ),
      }));
      return { items, pagination: { total, pages: Math.max(1, Math.ceil(total / limit)), current: page } };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
