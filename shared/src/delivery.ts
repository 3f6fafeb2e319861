import { z } from 'zod';
import { AdminQueryMessages } from './admin.schemas.js';
import { LIMITS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { zQueryInteger, zText } from './request-fields.js';
import { ZDirection } from './signals/direction.js';

/** The ways a signal reaches a member who is not looking at the page. */
export const DELIVERY_CHANNELS = ['email', 'push', 'telegram'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** Where one delivery stands: waiting in the queue, handed over, given up after its retries, or dropped
 * because the member was no longer entitled (or opted out) when its turn came. */
export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Words of the delivery calls and the settings sections (ours: the product's screens give none). */
export const DeliveryMessages = {
  pushKey: 'Web Push key',
  pushDevices: 'Devices receiving signals',
  pushSubscribed: 'This browser will receive signals',
  pushRemoved: 'Device removed',
  pushNotFound: 'Device not found',
  endpointInvalid: 'The push endpoint must be an https address.',
  pushServiceRefused: "This browser's push service is not supported; signals can still come by e-mail or Telegram.",
  keysInvalid: 'The subscription keys are missing or malformed.',
  deviceNameRequired: 'Name this device',
  telegramStatus: 'Telegram',
  telegramOff: 'Signals on Telegram are not available: the operator has not configured a Telegram bot.',
  telegramCodeIssued: 'Send this code to the bot within 15 minutes to link Telegram.',
  telegramUnlinked: 'Telegram unlinked',
  telegramNotLinked: 'Telegram is not linked',
  unsubscribed: 'You will no longer receive signals by e-mail. Turn them back on in Settings.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  deliveriesListed: 'Deliveries of this signal',
  signalNotFound: 'Signal not found',
  deliveredSignalsListed: 'Signals and their deliveries',
  noDeliveredSignals: 'No signal has been delivered outside the page yet.',
} as const;

/**
 * Whether a push endpoint is on one of the allowed push services: its host is one of `hosts` or under
 * one of them (`notify.windows.com` allows `wns2-par02p.notify.windows.com`).
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** How long a Telegram link code may wait for `/start <code>`. */
export const TELEGRAM_LINK_CODE_TTL_MS = 15 * 60_000;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** POST /api/users/push/subscriptions: the browser's PushSubscription (its JSON form) and a device name. */
export const ZPushSubscriptionRequest = z
  .object({
    endpoint: zText({ max: 2000, required: DeliveryMessages.endpointInvalid }).refine(
      (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
      DeliveryMessages.endpointInvalid,
    ),
    keys: z
      .object(
        {
          p256dh: zText({ max: 200, required: DeliveryMessages.keysInvalid }).regex(
            base64url,
            DeliveryMessages.keysInvalid,
          ),
          auth: zText({ max: 100, required: DeliveryMessages.keysInvalid }).regex(
            base64url,
            DeliveryMessages.keysInvalid,
          ),
        },
        { error: DeliveryMessages.keysInvalid },
      )
      .strict(),
    deviceName: zText({ max: 100, required: DeliveryMessages.deviceNameRequired }).refine(
      (value) => value.trim().length > 0,
      DeliveryMessages.deviceNameRequired,
    ),
  })
  .strict();
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

/** A browser receiving the member's signals by Web Push. */
export const ZPushDevice = z.object({ id: z.string(), deviceName: z.string(), createdAt: ZInstant });
export type TPushDevice = z.infer<typeof ZPushDevice>;

/** The member's Telegram channel: off without a bot; otherwise linked or not. */
export const ZTelegramStatus = z.object({
  enabled: z.boolean(),
  linked: z.boolean(),
  username: z.string().nullable(),
  linkedAt: ZInstant.nullable(),
  /** The bot's @username (for the t.me link), null while it is not known. */
  botUsername: z.string().nullable(),
});
export type TTelegramStatus = z.infer<typeof ZTelegramStatus>;

/** A one-time code to send to the bot (`/start <code>`), and the t.me link that sends it. */
export const ZTelegramLinkCode = z.object({ code: z.string(), expiresAt: ZInstant, link: z.string().nullable() });
export type TTelegramLinkCode = z.infer<typeof ZTelegramLinkCode>;

/** Whether a token has the shape the server issues (a member id, a dot, a SHA-256 signature). */
export function isWellFormedUnsubscribeToken(token: string): boolean {
  return /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/.test(token);
}

/** The one-click unsubscribe link's token (in the query: mail clients post to the header's address). */
export const ZUnsubscribeQuery = z
  .object({ token: zText({ max: 300, required: DeliveryMessages.unsubscribeInvalid }) })
  .strict();

/** Per channel, how many deliveries of one signal are in each state. */
export const ZDeliveryChannelCounts = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

/** A delivery that did not go out, with why. */
export type TDeliveryChannelCounts = z.infer<typeof ZDeliveryChannelCounts>;

export const ZDeliveryProblem = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  memberEmail: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updatedAt: ZInstant,
});

/** GET /api/admin/signals/:id/deliveries. */
export const ZSignalDeliveries = z.object({
  signalId: z.string(),
  channels: z.array(ZDeliveryChannelCounts),
  /** Deliveries with an error (failed, skipped, or queued for a retry), latest first (at most 100). */
  problems: z.array(ZDeliveryProblem),
});
export type TSignalDeliveries = z.infer<typeof ZSignalDeliveries>;

/** The admins' delivery overview lists this many signals a page. */
export const DELIVERY_OVERVIEW_PAGE_SIZE = LIMITS.adminPageSize;

/** GET /api/admin/deliveries?page: newest delivered signals first, 50 a page. */
export const ZAdminDeliveriesQuery = z
  .object({ page: zQueryInteger(1, 100_000, AdminQueryMessages.page).default(1) })
  .strict();
export type TAdminDeliveriesQuery = z.infer<typeof ZAdminDeliveriesQuery>;

/** One signal of the overview: what it was, when it was issued, and its delivery counts per channel. */
export const ZDeliveredSignal = z.object({
  signalId: z.string(),
  asset: z.string(),
  direction: ZDirection,
  issuedAt: ZInstant,
  channels: z.array(ZDeliveryChannelCounts),
});
export type TDeliveredSignal = z.infer<typeof ZDeliveredSignal>;
