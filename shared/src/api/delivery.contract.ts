import { z } from 'zod';
import {
  ZAdminDeliveriesQuery,
  ZDeliveredSignal,
  ZPushDevice,
  ZPushSubscriptionRequest,
  ZSignalDeliveries,
  ZTelegramLinkCode,
  ZTelegramStatus,
  ZUnsubscribeQuery,
} from '../delivery.js';
import { type RouteTable, withSchemas } from './contract.js';

const ZIdParams = z.object({ id: z.string() });

/** Signals outside the page: Web Push devices, the Telegram link, e-mail unsubscribe, the delivery log. */
export const DeliveryRoutes = {
  pushKey: { method: 'GET', path: '/users/push/key', group: 'member' },
  pushDevices: { method: 'GET', path: '/users/push/subscriptions', group: 'member' },
  subscribePush: { method: 'POST', path: '/users/push/subscriptions', group: 'member', status: 201 },
  removePushDevice: { method: 'DELETE', path: '/users/push/subscriptions/:id', group: 'member' },
  telegram: { method: 'GET', path: '/users/telegram', group: 'member' },
  telegramLinkCode: { method: 'POST', path: '/users/telegram/link-code', group: 'member', status: 201 },
  unlinkTelegram: { method: 'DELETE', path: '/users/telegram', group: 'member' },
  unsubscribe: { method: 'POST', path: '/notifications/unsubscribe', group: 'public' },
  signalDeliveries: { method: 'GET', path: '/admin/signals/:id/deliveries', group: 'admin' },
  deliveredSignals: { method: 'GET', path: '/admin/deliveries', group: 'admin', paged: true },
} as const satisfies RouteTable;

export const DeliveryContract = /* @__PURE__ */ withSchemas(DeliveryRoutes, {
  pushKey: {
    summary: "The server's VAPID public key, to subscribe a browser with",
    data: z.object({ publicKey: z.string() }),
  },
  pushDevices: { summary: "The member's browsers that receive signals by Web Push", data: z.array(ZPushDevice) },
  subscribePush: {
    summary: 'Save this browser’s push subscription (the same endpoint replaces its earlier record)',
    body: ZPushSubscriptionRequest,
    data: ZPushDevice,
  },
  removePushDevice: { summary: 'Stop Web Push to one of the member’s browsers', params: ZIdParams, data: z.null() },
  telegram: { summary: "The member's Telegram link, and whether the channel is on", data: ZTelegramStatus },
  telegramLinkCode: {
    summary: 'A one-time code that links the member’s Telegram chat when sent to the bot',
    // Telegram delivery is not set up.
    raises: ['conflict'],
    data: ZTelegramLinkCode,
  },
  unlinkTelegram: { summary: 'Unlink the member’s Telegram chat', data: ZTelegramStatus },
  unsubscribe: {
    summary: 'One-click unsubscribe from signal e-mails (the link and List-Unsubscribe-Post of each mail)',
    // A link that names no member.
    raises: ['not_found'],
    query: ZUnsubscribeQuery,
    data: z.null(),
  },
  signalDeliveries: {
    summary: 'The delivery log of one signal: counts per channel and state, and what failed',
    params: ZIdParams,
    data: ZSignalDeliveries,
  },
  deliveredSignals: {
    summary:
      'Signals that were delivered outside the page, newest first (50 a page), with counts per channel and state',
    query: ZAdminDeliveriesQuery,
    data: z.array(ZDeliveredSignal),
  },
});
