import type { DeliveryChannel } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { metricsFor } from '../../observability/metrics.registry.js';
import { tierDailyLimits } from '../signals/signals.service.js';
import type { ChannelSender } from './delivery.channels.js';
import { createEmailSender } from './delivery.email.js';
import { fanOutSignal } from './delivery.fanout.js';
import { createPushSender } from './delivery.push.js';
import { findSignalsNotFannedOut } from './delivery.repository.js';
import { registerDeliveryRoutes } from './delivery.routes.js';
import { type DeliverySecrets, loadDeliverySecrets } from './delivery.secrets.js';
import { createDeliveryService } from './delivery.service.js';
import { DELIVERY_TASKS, type DeliveryBatch, pendingBatches, sendBatch } from './delivery.tasks.js';
import { createTelegramChannel, type TelegramChannel } from './telegram.bot.js';

/**
 * Signals to members who are not looking at the page: e-mail, Web Push and Telegram. Every server
 * process hears `signal:new` on the bus and schedules the signal's fan-out under the signal's id, so it
 * runs once whichever process takes it; the fan-out writes the delivery log and schedules a job per batch
 * and channel, which any process runs (retries with backoff, restored from the log after a restart).
 */
export async function registerDeliveryModule(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  let runtime = runtimes.get(ctx);
  if (!runtime) {
    runtime = startDelivery(ctx);
    runtimes.set(ctx, runtime);
    const started = await runtime;
    // The app that started the channels stops them (an app built again on the context only adds routes).
    app.addHook('onClose', () => started.close());
  }
  const { secrets, telegram } = await runtime;
  const delivery = createDeliveryService({
    db: ctx.db,
    // Read through the context each time: the clock may be moved (tests travel in time).
    now: () => ctx.now(),
    secrets,
    pushServiceHosts: ctx.config.PUSH_SERVICE_HOSTS,
    telegram,
  });
  await registerDeliveryRoutes(app, ctx, delivery);
}

interface DeliveryRuntime {
  secrets: DeliverySecrets;
  telegram: TelegramChannel | null;
  close(): Promise<void>;
}

/** Task kinds and the bus listener are per context: defined once, however many apps register routes. */
const runtimes = new WeakMap<ServerContext, Promise<DeliveryRuntime>>();

async function startDelivery(ctx: ServerContext): Promise<DeliveryRuntime> {
  const secrets = await loadDeliverySecrets(ctx.db);
  const metrics = metricsFor(ctx);
  const limits = tierDailyLimits(ctx);
  const log = ctx.logger.child({ module: 'delivery' });
  const telegram = createTelegramChannel(ctx);
  const senders: Partial<Record<DeliveryChannel, ChannelSender>> = {
    push: createPushSender(ctx, secrets.vapid),
  };
  const email = createEmailSender(ctx, secrets.unsubscribeKey);
  if (email) senders.email = email;
  if (telegram) senders.telegram = telegram.sender;
  const channels = new Set(Object.keys(senders) as DeliveryChannel[]);

  ctx.tasks.define<{ signalId: string }>(
    DELIVERY_TASKS.fanOut,
    async ({ signalId }) => {
      const queued = await fanOutSignal(ctx, { channels, limits, metrics }, signalId);
      if (queued > 0) log.info({ signalId, queued }, 'signal deliveries queued');
    },
    {
      attempts: ctx.config.DELIVERY_ATTEMPTS,
      backoffMs: ctx.config.DELIVERY_BACKOFF_MS,
      restore: async () =>
        (await findSignalsNotFannedOut(ctx.db, ctx.now())).map((id) => ({ id, payload: { signalId: id } })),
    },
  );
  for (const channel of channels) {
    const sender = senders[channel] as ChannelSender;
    const attempts = ctx.config.DELIVERY_ATTEMPTS;
    ctx.tasks.define<DeliveryBatch>(
      DELIVERY_TASKS[channel],
      (payload, run) =>
        sendBatch(ctx, { channel, sender, limits, metrics }, payload, {
          attempt: run.attempt,
          lastAttempt: run.attempt >= attempts,
        }),
      { attempts, backoffMs: ctx.config.DELIVERY_BACKOFF_MS, restore: () => pendingBatches(ctx, channel) },
    );
  }

  const stopListening = ctx.bus.subscribe((event) => {
    if (event.type !== 'signal:new') return;
    const task = { id: event.signal.id, payload: { signalId: event.signal.id } };
    ctx.tasks.scheduleMany(DELIVERY_TASKS.fanOut, [task]).catch((error: unknown) => {
      log.error({ signalId: event.signal.id, err: error }, 'signal delivery not scheduled');
    });
  });

  return {
    secrets,
    telegram,
    async close() {
      stopListening();
      await telegram?.close();
      await Promise.all(Object.values(senders).map((sender) => sender.close()));
    },
  };
}
