import type { DeliveryChannel, TierDailyLimits } from '@signalroom/shared';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from '../../observability/metrics.registry.js';
import { announceSignalNotifications, recordSignalDelivered } from '../notifications/notifications.service.js';
import { receivesSignalNow } from './delivery.access.js';
import {
  findChannelTargets,
  findOptedInMembers,
  hasDeliveries,
  insertBatches,
  type NewBatch,
} from './delivery.repository.js';
import { DELIVERY_BATCH_SIZE, DELIVERY_TASKS, type DeliveryBatch } from './delivery.tasks.js';

/**
 * Queues one signal's deliveries: every opted-in member the room would show the signal to in full right
 * now, on each channel that is on (e-mail with SMTP, Telegram with a bot) and that the member has (a
 * linked chat, one per browser for Web Push). The batches are written first (the delivery log's queued
 * part, and what a restart restores from) with each recipient's notification, then one job per batch and
 * channel. A second run adds nothing.
 * Answers how many deliveries were queued.
 */
export async function fanOutSignal(
  ctx: ServerContext,
  deps: { channels: ReadonlySet<DeliveryChannel>; limits: TierDailyLimits; metrics: ServerMetrics },
  signalId: string,
): Promise<number> {
  const row = await findSignal(ctx.db, signalId);
  if (!row || (await hasDeliveries(ctx.db, signalId))) return 0;
  const signal = presentSignal(row);
  const now = ctx.now();
  const members = (await findOptedInMembers(ctx.db)).filter((member) =>
    receivesSignalNow(member, signal, deps.limits, now),
  );
  const entitled = new Set(members.map((member) => member.id));
  const targets = await findChannelTargets(ctx.db);
  const byChannel: Record<DeliveryChannel, { recipient: string; userId: string }[]> = {
    email: deps.channels.has('email') ? members.map(({ id }) => ({ recipient: id, userId: id })) : [],
    push: deps.channels.has('push')
      ? targets.push.filter((t) => entitled.has(t.user_id)).map((t) => ({ recipient: t.id, userId: t.user_id }))
      : [],
    telegram: deps.channels.has('telegram')
      ? targets.telegram
          .filter((t) => entitled.has(t.user_id))
          .map((t) => ({ recipient: t.user_id, userId: t.user_id }))
      : [],
  };
  const batches: NewBatch[] = [];
  for (const channel of Object.keys(byChannel) as DeliveryChannel[]) {
    const list = byChannel[channel];
    for (let start = 0; start < list.length; start += DELIVERY_BATCH_SIZE) {
      const slice = list.slice(start, start + DELIVERY_BATCH_SIZE);
      batches.push({
        channel,
        batch: start / DELIVERY_BATCH_SIZE,
        recipients: slice.map((item) => item.recipient),
        members: slice.map((item) => item.userId),
      });
    }
  }
  // Each member it goes to gets one notification in their bell, whatever the number of channels.
  const delivered = [...new Set(batches.flatMap((b) => b.members))];
  await ctx.db.transaction().execute(async (trx) => {
    await insertBatches(trx, signalId, batches, now);
    await recordSignalDelivered(trx, signal, delivered, now);
  });
  for (const channel of Object.keys(byChannel) as DeliveryChannel[]) {
    const tasks = batches
      .filter((b) => b.channel === channel)
      .map((b) => ({ id: `${signalId}-${b.batch}`, payload: { signalId, batch: b.batch } satisfies DeliveryBatch }));
    if (tasks.length === 0) continue;
    await ctx.tasks.scheduleMany(DELIVERY_TASKS[channel], tasks);
    deps.metrics.signalDeliveries.inc({ channel, status: 'queued' }, byChannel[channel].length);
  }
  if (delivered.length > 0) await announceSignalNotifications(ctx, signalId, 'delivered');
  return batches.reduce((sum, b) => sum + b.recipients.length, 0);
}
