import { type TBusEvent, ZBusEvent } from '@signalroom/shared';
import { type EventBus, silentLogger } from '@signalroom/shared-node';
import {
  createSignalEngine,
  type MarketFeed,
  MomentumStrategy,
  type SignalEngine,
  SimulatedMarket,
  type Strategy,
} from '@signalroom/worker';
import type { TestServer } from '../helpers/test-server.js';
import { arrivals } from '../helpers/wait-for.js';

export const FIVE_MIN = 5 * 60_000;

export interface BusRecorder {
  events: TBusEvent[];
  /** Resolves with the first event (already seen or arriving within the timeout) that matches. */
  waitFor<T extends TBusEvent>(predicate: (event: TBusEvent) => event is T, timeoutMs?: number): Promise<T>;
  waitFor(predicate: (event: TBusEvent) => boolean, timeoutMs?: number): Promise<TBusEvent>;
  /** Events that failed the ZBusEvent contract (must stay empty). */
  invalid: unknown[];
  /**
   * Publishes a marker on the same bus and waits for it. The bus delivers one publisher's events in
   * order, so everything published on it before this call has been recorded once it resolves: a test
   * that must show an event was NOT published asserts after this, instead of waiting some time.
   */
  drained(timeoutMs?: number): Promise<void>;
  stop(): void;
}

/**
 * Records every event on a bus, checking each against the shared contract as a relay would. Resolves
 * once the subscription is live (a Redis SUBSCRIBE completes asynchronously): a probe event made it
 * round trip.
 */
export async function recordBus(bus: EventBus): Promise<BusRecorder> {
  const events: TBusEvent[] = [];
  const invalid: unknown[] = [];
  const arrival = arrivals(
    events,
    (ms) => `No matching bus event within ${ms} ms (saw ${events.map((e) => e.type).join(', ')})`,
  );
  const stop = bus.subscribe((event) => {
    const parsed = ZBusEvent.safeParse(JSON.parse(JSON.stringify(event)));
    if (!parsed.success) invalid.push(event);
    events.push(event);
    arrival.arrived();
  });
  const marker = (label: string) => {
    const userId = `${label}-${Math.random().toString(36).slice(2)}`;
    return {
      event: { type: 'account:changed', userId } as const,
      seen: (event: TBusEvent) => event.type === 'account:changed' && event.userId === userId,
    };
  };
  const recorder: BusRecorder = {
    events,
    invalid,
    stop,
    waitFor: arrival.waitFor as BusRecorder['waitFor'],
    async drained(timeoutMs = 5000) {
      const fence = marker('fence');
      await bus.publish(fence.event);
      await arrival.waitFor(fence.seen, timeoutMs);
    },
  };
  // A Redis SUBSCRIBE completes asynchronously and what is published before it is lost: publish a probe
  // until one comes back (each attempt waits for its own arrival, briefly, before trying again).
  const probe = marker('probe');
  for (let attempt = 1; ; attempt += 1) {
    await bus.publish(probe.event);
    const arrived = await arrival.waitFor(probe.seen, 100).then(
      () => true,
      (error: unknown) => {
        if (attempt >= 50) throw error;
        return false;
      },
    );
    if (arrived) break;
  }
  return recorder;
}

/** An engine on the test server's database and bus, with a fixed clock unless told otherwise. */
export function engineFor(
  server: TestServer,
  options: { now?: () => Date; feed?: MarketFeed; strategy?: Strategy; intervalMs?: number; seed?: string } = {},
): SignalEngine {
  if (!options.now) {
    // Without a clock given, the engine issues each slot on time (its signal is logged at its boundary,
    // so the track record counts it) and judges windows as if long after (every window has closed).
    let at = new Date('2030-01-01T00:00:00Z');
    const engine = engineFor(server, { ...options, now: () => at });
    return {
      ...engine,
      runSlot: async (slot) => {
        at = new Date(slot.getTime() + 20);
        try {
          return await engine.runSlot(slot);
        } finally {
          at = new Date('2030-01-01T00:00:00Z');
        }
      },
    };
  }
  return createSignalEngine({
    db: server.context.db,
    bus: server.context.bus,
    feed: options.feed ?? new SimulatedMarket({ seed: options.seed ?? 'tests' }),
    strategy: options.strategy ?? new MomentumStrategy(),
    timeZone: server.config.TIME_ZONE,
    intervalMs: options.intervalMs ?? FIVE_MIN,
    payoutPercent: server.config.PAYOUT_PERCENT,
    logger: silentLogger,
    now: options.now,
  });
}

/** Slot starts `count` intervals apart from `first`. */
export function slots(first: string, count: number, intervalMs = FIVE_MIN): Date[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.parse(first) + i * intervalMs));
}
