import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerContext } from '../context.js';

/**
 * Prometheus metrics of one server process. One registry per context (not prom-client's global one),
 * so tests that start two servers in one process do not share or clash on metric names.
 */
export interface ServerMetrics {
  registry: Registry;
  /** Sockets connected to this process, per room; collected on scrape from a provider realtime sets. */
  socketsByRoom: Gauge<'room'>;
  /** Socket events this process sent, per event name and room (a room emit counts once per socket). */
  socketEvents: Counter<'event'>;
  /** Seconds from an event's publication on the bus to this process emitting it to its sockets. */
  busEventDelay: Histogram<'type'>;
  /** Seconds this process spent handing one bus event to all its sockets (synchronous emit work). */
  emitDuration: Histogram<'type'>;
  /** Jobs in the signals queue per state (when jobs run on a queue). */
  queueDepth: Gauge<'state'>;
  /** Signal deliveries this process queued, sent, failed or skipped, per channel (the delivery log's moves). */
  signalDeliveries: Counter<'channel' | 'status'>;
  /** Sets who answers "how many sockets per room": realtime registers itself at attach. */
  setRoomSizesProvider(provider: (() => Map<string, number>) | null): void;
  /** Sets who answers "job counts per state": realtime or the queue owner registers it. */
  setQueueCountsProvider(provider: (() => Promise<Record<string, number>>) | null): void;
}

const byContext = new WeakMap<ServerContext, ServerMetrics>();

/** The metrics of a server context, created on first use. */
export function metricsFor(ctx: ServerContext): ServerMetrics {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const created = createServerMetrics();
  byContext.set(ctx, created);
  return created;
}

function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  // Process CPU, memory and event-loop lag: what an operator compares push and polling costs with.
  collectDefaultMetrics({ register: registry, prefix: 'signalroom_' });
  let roomSizes: (() => Map<string, number>) | null = null;
  let queueCounts: (() => Promise<Record<string, number>>) | null = null;

  const socketsByRoom = new Gauge({
    name: 'signalroom_socket_connections',
    help: 'Sockets connected to this process, per room (public, admins, tier:<tier>; user rooms summed as "user:*")',
    labelNames: ['room'],
    registers: [registry],
    collect() {
      this.reset();
      if (!roomSizes) return;
      for (const [room, size] of roomSizes()) this.set({ room }, size);
    },
  });
  const socketEvents = new Counter({
    name: 'signalroom_socket_events_emitted_total',
    help: 'Socket events sent by this process, counted per receiving socket',
    labelNames: ['event'],
    registers: [registry],
  });
  const busEventDelay = new Histogram({
    name: 'signalroom_bus_event_delay_seconds',
    help: 'Delay from publication on the bus until this process has handed the event to its sockets',
    labelNames: ['type'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const emitDuration = new Histogram({
    name: 'signalroom_socket_emit_duration_seconds',
    help: 'Time this process spent emitting one bus event to its local sockets',
    labelNames: ['type'],
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'signalroom_queue_jobs',
    help: 'Jobs in the signals queue per state (absent when jobs run on in-process timers)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!queueCounts) return;
      try {
        const counts = await queueCounts();
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      } catch {
        // Redis down: no figure rather than a stale one; /api/health reports the outage.
      }
    },
  });

  const signalDeliveries = new Counter({
    name: 'signalroom_signal_deliveries_total',
    help: 'Signal deliveries (e-mail, Web Push, Telegram, webhooks) this process queued, sent, failed or skipped',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });

  return {
    registry,
    signalDeliveries,
    socketsByRoom,
    socketEvents,
    busEventDelay,
    emitDuration,
    queueDepth,
    setRoomSizesProvider(provider) {
      roomSizes = provider;
    },
    setQueueCountsProvider(provider) {
      queueCounts = provider;
    },
  };
}
