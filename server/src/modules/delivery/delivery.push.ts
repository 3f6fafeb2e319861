import webpush from 'web-push';
import type { ServerContext } from '../../context.js';
import type { ChannelSender } from './delivery.channels.js';
import type { DeliverySecrets } from './delivery.secrets.js';

/** Push services answer these when a subscription no longer exists: it is removed, never retried. */
const GONE = new Set([404, 410]);

/**
 * Web Push with the deployment's VAPID keys; the payload is encrypted for the subscription's keys (the
 * service worker shows it). A message lives until the signal's primary window closes, no longer.
 */
export function createPushSender(ctx: ServerContext, vapid: DeliverySecrets['vapid']): ChannelSender {
  const vapidDetails = { subject: `mailto:${ctx.config.SUPPORT_EMAIL}`, ...vapid };
  return {
    async send(delivery, message, signal) {
      const subscription = await ctx.db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('id', '=', delivery.recipient)
        .executeTakeFirst();
      if (!subscription) return { status: 'gone', error: 'subscription removed' };
      const payload = JSON.stringify({
        title: message.title,
        body: message.lines.join('\n'),
        url: message.path,
        signalId: signal.id,
        // The entry and the checkpoint that covered it, kept with the notification for whoever checks it.
        record: message.record,
      });
      const ttl = Math.max(0, Math.floor((Date.parse(signal.expiresAt) - ctx.now().getTime()) / 1000));
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          { vapidDetails, TTL: ttl, urgency: 'high', timeout: 10_000 },
        );
        return { status: 'sent' };
      } catch (error) {
        if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) {
          await ctx.db.deleteFrom('push_subscriptions').where('id', '=', delivery.recipient).execute();
          return { status: 'gone', error: `push service answered ${error.statusCode}: subscription removed` };
        }
        if (error instanceof webpush.WebPushError) throw new Error(`push service answered ${error.statusCode}`);
        throw error;
      }
    },
    async close() {},
  };
}
