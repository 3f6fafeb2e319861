import { BUS_CHANNEL, describeEvent, type TBusEvent, ZBusEvent } from '@signalroom/shared';
import type { Redis } from 'ioredis';
import type { ModuleLogger } from './logger.js';
import { closeRedis, createRedisConnections, type RedisConnections } from './redis-clients.js';

/**
 * The internal event bus. The worker publishes what it wrote; every server process subscribes and
 * relays to its own sockets. `onReconnect` fires when a Redis subscription is re-established, since
 * events published while it was down are lost and listeners must resynchronise from the database.
 */
export interface EventBus {
  publish(event: TBusEvent): Promise<void>;
  subscribe(handler: (event: TBusEvent) => void): () => void;
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** In-process bus for the embedded shape (no REDIS_URL): one process runs server and worker. */
export function createMemoryBus(): EventBus {
  const handlers = new Set<(event: TBusEvent) => void>();
  return {
    async publish(event) {
      const stamped: TBusEvent = { ...event, publishedAt: event.publishedAt ?? Date.now() };
      // Deliver after the publisher's current work, as Redis would, so handlers never run mid-transaction.
      queueMicrotask(() => {
        for (const handler of handlers) handler(stamped);
      });
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect() {
      return () => {};
    },
    async close() {
      handlers.clear();
    },
  };
}

export interface RedisBusOptions {
  namespace?: string;
  onInvalidEvent?: (error: unknown) => void;
  /** Where publish failures and recoveries are reported. */
  logger?: ModuleLogger;
  /** Events kept for retry while Redis is unreachable; the oldest go first past this. */
  maxQueued?: number;
  /** Longest wait between two retries (ms). */
  maxBackoffMs?: number;
}

interface Outgoing {
  event: TBusEvent;
  attempts: number;
}

/** Events where only the newest matters while waiting: a later one replaces a queued one with the same key. */
function coalesceKey(event: TBusEvent): string | null {
  if (event.type === 'countdown:tick' || event.type === 'stats:update') return event.type;
  if (event.type === 'account:changed') return `account:${event.userId}`;
  return null;
}

/**
 * Redis pub/sub bus for the distributed shape. Publishing is best-effort and never blocks the caller:
 * `publish` queues the event and returns; a sender delivers the queue in order, and while Redis is
 * unreachable it retries with backoff (and at once when the connection is ready again), logging the
 * outage once with what is waiting. The queue is bounded; what it drops, the periodic access sweep and
 * the snapshots sent on reconnect repair (see "Redis outages" in docs/decisions.md).
 */
export function createRedisBus(
  redis: RedisConnections | string,
  options: RedisBusOptions = {},
): EventBus & { pending(): number } {
  const logger = options.logger;
  const connections =
    typeof redis === 'string'
      ? createRedisConnections(redis, { namespace: options.namespace ?? 'signalroom', logger })
      : redis;
  const channel = `${options.namespace ?? connections.namespace}:${BUS_CHANNEL}`;
  const maxQueued = options.maxQueued ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const publisher = connections.open('request', 'bus publisher');
  let subscriber: Redis | null = null;
  const handlers = new Set<(event: TBusEvent) => void>();
  const reconnectHandlers = new Set<() => void>();

  const queue: Outgoing[] = [];
  let sending = false;
  let closed = false;
  let failingSince: number | null = null;
  let wake: (() => void) | null = null;

  function ensureSubscriber(): void {
    if (subscriber) return;
    const sub = connections.open('listener', 'bus subscriber');
    subscriber = sub;
    let readyOnce = false;
    sub.on('ready', () => {
      // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is gone.
      if (readyOnce) for (const handler of reconnectHandlers) handler();
      readyOnce = true;
    });
    sub.subscribe(channel).catch((error: Error) => {
      // ioredis subscribes again on reconnect; until then this process hears nothing, so say so.
      logger?.warn({ channel, reason: error.message }, 'bus subscription failed; retried on reconnect');
    });
    sub.on('message', (_channel: string, raw: string) => {
      let event: TBusEvent;
      try {
        event = ZBusEvent.parse(JSON.parse(raw));
      } catch (error) {
        options.onInvalidEvent?.(error);
        return;
      }
      for (const handler of handlers) handler(event);
    });
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function drain(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      while (queue.length && !closed) {
        const head = queue[0] as Outgoing;
        try {
          await publisher.publish(channel, JSON.stringify(head.event));
          queue.shift();
          if (failingSince !== null) {
            logger?.info(
              { downForMs: Date.now() - failingSince, stillQueued: queue.length },
              'bus publishing recovered; queued events are being delivered',
            );
            failingSince = null;
          }
        } catch (error) {
          head.attempts += 1;
          // Still making the first connection (a process just started): wait a little without alarm.
          if (!connectedOnce && Date.now() - createdAt < 5000) {
            await pause(maxBackoffMs);
            continue;
          }
          if (failingSince === null) {
            failingSince = Date.now();
            logger?.warn(
              { ...describeEvent(head.event), queued: queue.length, reason: (error as Error).message },
              'bus event not published (Redis unreachable); kept for retry',
            );
          }
          await pause(Math.min(100 * 2 ** Math.min(head.attempts, 10), maxBackoffMs));
        }
      }
    } finally {
      sending = false;
    }
  }

  let connectedOnce = false;
  const createdAt = Date.now();
  publisher.on('ready', () => {
    connectedOnce = true;
    wake?.();
  });

  return {
    async publish(event) {
      if (closed) return;
      const stamped: TBusEvent = { ...event, publishedAt: event.publishedAt ?? Date.now() };
      const key = coalesceKey(stamped);
      // The head may be on the wire right now; only entries behind it are replaced.
      const at = key ? queue.findIndex((entry, i) => i > 0 && coalesceKey(entry.event) === key) : -1;
      if (at > 0) queue.splice(at, 1);
      queue.push({ event: stamped, attempts: 0 });
      if (queue.length > maxQueued) {
        const [dropped] = queue.splice(1, 1);
        if (dropped)
          logger?.warn({ ...describeEvent(dropped.event), maxQueued }, 'bus queue full; oldest waiting event dropped');
      }
      void drain();
    },
    subscribe(handler) {
      ensureSubscriber();
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    pending: () => queue.length,
    async close() {
      // Give what is queued a short chance to go out while Redis answers, then stop.
      const deadline = Date.now() + 2000;
      while (queue.length && publisher.status === 'ready' && Date.now() < deadline) {
        wake?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      closed = true;
      wake?.();
      handlers.clear();
      reconnectHandlers.clear();
      await Promise.allSettled([
        closeRedis(publisher),
        subscriber ? closeRedis(subscriber) : undefined,
        // A bus given a URL made its own connections; one given the process's leaves them to their owner.
        typeof redis === 'string' ? connections.close() : undefined,
      ]);
    },
  };
}
