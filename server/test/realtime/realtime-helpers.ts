import { randomBytes } from 'node:crypto';
import type {
  ClientToServerEvents,
  RealtimeSnapshot,
  ServerToClientEvents,
  TBusEvent,
  TCountdown,
  TSignal,
} from '@signalroom/shared';
import { countdownAt } from '@signalroom/shared';
import { io as connect, type Socket } from 'socket.io-client';
import type { Db } from '../../src/db/database.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Everything a test client received, in order, with the time it arrived. */
export interface Recorded {
  event: keyof ServerToClientEvents;
  payload: unknown;
  at: number;
}

export interface TestClient {
  socket: ClientSocket;
  received: Recorded[];
  /** The first snapshot (sent on connect). */
  snapshot: RealtimeSnapshot;
  /** Resolves with the first recorded event (from `fromIndex` on) that matches. */
  waitFor(event: keyof ServerToClientEvents, predicate?: (payload: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Events of a kind received so far. */
  all(event: keyof ServerToClientEvents): any[];
  close(): void;
}

const EVENTS: (keyof ServerToClientEvents)[] = [
  'snapshot',
  'signal:new',
  'signal:update',
  'signal:note',
  'stats:update',
  'countdown:tick',
  'account:update',
  'activation:update',
  'activation:new',
  'activation:reviewed',
  'support:update',
  'support:inbox',
  'bot-access:update',
  'community:post',
  'community:remove',
  'bot:trade',
  'notification:new',
  'notification:update',
  'notification:read',
  'stream:price',
  'stream:stopped',
];

/** Connects a real socket.io client (websocket only, no auto-reconnect) and waits for its snapshot. */
export async function connectClient(url: string, token?: string | null, options: { reconnection?: boolean } = {}) {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  const received: Recorded[] = [];
  const waiters = new Set<() => void>();
  for (const event of EVENTS) {
    socket.on(event as 'snapshot', (payload: RealtimeSnapshot) => {
      received.push({ event, payload, at: Date.now() });
      for (const wake of [...waiters]) wake();
    });
  }
  function waitFor(
    event: keyof ServerToClientEvents,
    predicate: (payload: any) => boolean = () => true,
    timeoutMs = 3000,
  ) {
    return new Promise<any>((resolve, reject) => {
      const check = () => {
        const found = received.find((r) => r.event === event && predicate(r.payload));
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.payload);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${event} within ${timeoutMs} ms (got ${received.map((r) => r.event).join(', ')})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  const snapshot = (await waitFor('snapshot', () => true, 5000)) as RealtimeSnapshot;
  const client: TestClient = {
    socket,
    received,
    snapshot,
    waitFor,
    all: (event) => received.filter((r) => r.event === event).map((r) => r.payload),
    close: () => socket.close(),
  };
  return client;
}

let sequence = 0;

/** A complete signal as the engine would publish it; `daySequence` decides which tiers see it in full. */
export function makeSignal(overrides: Partial<TSignal> = {}): TSignal {
  sequence += 1;
  const now = new Date();
  return {
    id: `sig-${Date.now()}-${sequence}`,
    asset: 'EUR/USD (OTC)',
    signalType: 'buy',
    direction: 'CALL',
    entryPrice: 1.0845,
    confidence: 78,
    status: 'active',
    outcome: null,
    createdAt: now.toISOString(),
    updatedAt: null,
    expiresAt: new Date(now.getTime() + 5 * 60_000).toISOString(),
    stopLoss: null,
    takeProfit: null,
    analysis: 'test',
    resolvedLevel: null,
    exitPrice: null,
    daySequence: 1,
    source: 'simulated',
    locked: false,
    ...overrides,
  };
}

/** A countdown tick carrying a marker, used as a barrier: socket events arrive in order. */
export function barrierTick(marker: number): Extract<TBusEvent, { type: 'countdown:tick' }> {
  const countdown: TCountdown = countdownAt(new Date(Date.now() + 3_600_000 + marker), new Date());
  return { type: 'countdown:tick', countdown };
}

/** Waits until a client has received the barrier tick with this marker's deadline. */
export function waitForBarrier(client: TestClient, tick: ReturnType<typeof barrierTick>, timeoutMs = 3000) {
  return client.waitFor('countdown:tick', (c: TCountdown) => c.deadline === tick.countdown.deadline, timeoutMs);
}

/** Inserts a signal row as the worker would write it; returns its id. */
export async function insertSignalRow(db: Db, daySequence: number): Promise<string> {
  const now = new Date();
  const row = await db
    .insertInto('signals')
    .values({
      slot_start: new Date(Math.floor(now.getTime() / 1000) * 1000 - daySequence * 300_000),
      day_key: `test-${randomBytes(4).toString('hex')}`,
      day_sequence: daySequence,
      asset: 'GBP/USD',
      signal_type: 'sell',
      direction: 'PUT',
      entry_price: 1.27,
      confidence: 71,
      outcome: null,
      resolved_level: null,
      exit_price: null,
      window_ms: 300_000,
      expires_at: new Date(now.getTime() + 300_000),
      stop_loss: null,
      take_profit: null,
      analysis: null,
      source: 'simulated',
      strategy: 'test',
      created_at: now,
      issued_at: now,
      updated_at: null,
      resolved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
