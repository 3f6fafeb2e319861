import { Redis } from 'ioredis';
import { BUS_CHANNEL, type TBusEvent, ZBusEvent } from '../events.js';

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

/** Redis pub/sub bus for the distributed shape. */
export function createRedisBus(
  redisUrl: string,
  options: { namespace?: string; onInvalidEvent?: (error: unknown) => void } = {},
): EventBus {
  const channel = `${options.namespace ?? 'signalroom'}:${BUS_CHANNEL}`;
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let subscriber: Redis | null = null;
  const handlers = new Set<(event: TBusEvent) => void>();
  const reconnectHandlers = new Set<() => void>();

  function ensureSubscriber(): void {
    if (subscriber) return;
    const sub = new Redis(redisUrl, { maxRetriesPerRequest: null });
    subscriber = sub;
    let readyOnce = false;
    sub.on('ready', () => {
      // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is gone.
      if (readyOnce) for (const handler of reconnectHandlers) handler();
      readyOnce = true;
    });
    sub.on('error', () => {
      // Reconnection is automatic; errors are surfaced through health checks, not thrown here.
    });
    void sub.subscribe(channel);
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

  publisher.on('error', () => {});
  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify({ ...event, publishedAt: event.publishedAt ?? Date.now() }));
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
    async close() {
      handlers.clear();
      reconnectHandlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}
