import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  API_KEY_STREAMS_PER_KEY,
  ApiKeyMessages,
  CommonMessages,
  looksLikeApiKey,
  SIGNAL_STREAM_PATH,
  type SignalTier,
  STREAM_CLOSE,
  StreamMessages,
  signalTierOf,
  type TBusEvent,
  type TierDailyLimits,
  type TSignal,
  type TStreamMessage,
  type TUser,
  ZSignalStreamQuery,
} from '@signalroom/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ServerContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { BudgetExceeded, budgetHeaders, type KeyBudget } from '../modules/api-keys/api-key-budget.js';
import { apiKeyStreamBudget, authenticateApiKey, membersOfLiveKeys } from '../modules/api-keys/api-keys.service.js';
import { riskPlanStanding } from '../modules/risk-plan/risk-plan.service.js';
import { outcomeEntrySeq } from '../modules/track-record/track-record.repository.js';
import { encodeForTiers, encodeMessage, type TierFrames } from './plain-stream.frames.js';
import { streamReplay } from './plain-stream.replay.js';
import { createStreamSlots } from './plain-stream.slots.js';
import { apiKeyOf, refuse, STREAM_KEY_PROTOCOL } from './plain-stream.upgrade.js';
import type { RecordStatsFeed } from './record-stats.js';

/** A connected program: its socket, its member's tier view, and its key (re-checked by the sweep). */
interface StreamClient {
  ws: WebSocket;
  userId: string;
  /** Its member as last read (connect, access re-checks): the risk plan's day depends on the tier. */
  user: TUser;
  keyId: string;
  /** Its slot among the key's connections. */
  connectionId: string;
  tier: SignalTier;
  /** Live frames that arrived while the replay was being read, sent after it in order. */
  held: { seq: number | null; frame: Buffer }[] | null;
  alive: boolean;
}

/** How long a refused connection is asked to wait when its key holds every stream it may. */
const STREAMS_FULL_RETRY_SECONDS = 30;

/** A client whose unsent frames pass this is too slow to keep: it is closed, not buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ping period; a client that has not answered the previous ping by the next one is dropped. */
const PING_MS = 30_000;
/** How often every connection's key and access are checked again (revocations publish no event). */
const SWEEP_MS = 60_000;
/** A connection's slot among its key's lapses this long after its process last renewed it (every ping). */
const SLOT_TTL_MS = 3 * PING_MS;

/** socket.io's path, whose upgrades its own listener takes. */
export const SOCKET_IO_PATH = '/socket.io';

export interface PlainStream {
  /** How many programs are connected to this process. */
  size(): number;
  close(): Promise<void>;
}

/**
 * `GET /api/stream`: a plain WebSocket for programs (see shared/src/signal-stream.ts for what it sends).
 * It is served by `ws` on the HTTP server's upgrade event, beside socket.io's own path: the
 * @fastify/websocket plugin takes over every upgrade listener of the server, which would cut socket.io
 * off. Broadcast frames are encoded once per tier view, then the same string goes to each client of
 * that view.
 */
export function attachPlainStream(
  ctx: ServerContext,
  server: { on(event: 'upgrade', listener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void): void },
  deps: { limits: TierDailyLimits; onError: (error: unknown) => void; statsFeed: RecordStatsFeed },
): PlainStream {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024,
    perMessageDeflate: false,
    // A browser that offered its key as a subprotocol gets `bearer` back, never the key; anything else, none.
    handleProtocols: (offered) => (offered.has(STREAM_KEY_PROTOCOL) ? STREAM_KEY_PROTOCOL : false),
  });
  const clients = new Set<StreamClient>();
  const connects = apiKeyStreamBudget(ctx);
  const slots = createStreamSlots(ctx, { max: API_KEY_STREAMS_PER_KEY, ttlMs: SLOT_TTL_MS });
  /** The budget each upgrade being accepted reported, for the header fields of its 101. */
  const budgets = new WeakMap<IncomingMessage, KeyBudget>();
  let closing = false;

  wss.on('headers', (headers, request) => {
    const budget = budgets.get(request);
    if (budget) for (const [name, value] of Object.entries(budgetHeaders(budget))) headers.push(`${name}: ${value}`);
  });

  function send(client: StreamClient, frame: Buffer): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.ws.close(STREAM_CLOSE.tooSlow, 'reading too slowly');
      return;
    }
    client.ws.send(frame, { binary: false });
  }

  function deliver(frames: TierFrames, seq: number | null): void {
    for (const client of clients) {
      const frame = frames.get(client.tier);
      if (!frame) continue;
      if (client.held) client.held.push({ seq, frame });
      else send(client, frame);
    }
  }

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (closing) return refuse(socket, 503, CommonMessages.unavailable, 'unavailable');
    const url = new URL(request.url ?? '/', 'http://stream');
    const query = ZSignalStreamQuery.safeParse(Object.fromEntries(url.searchParams));
    const token = apiKeyOf(request);
    if (!token) return refuse(socket, 401, CommonMessages.unauthorized, 'unauthorized');
    if (!looksLikeApiKey(token)) return refuse(socket, 401, ApiKeyMessages.malformed, 'unauthorized');
    let member: Awaited<ReturnType<typeof authenticateApiKey>>;
    let budget: KeyBudget | undefined;
    try {
      member = await authenticateApiKey(ctx, token);
      budget = connects ? await connects(member.keyId) : undefined;
    } catch (error) {
      if (error instanceof BudgetExceeded) {
        return refuse(socket, 429, error.message, 'rate_limited', {
          retryAfterSeconds: error.budget.resetSeconds,
          budget: error.budget,
        });
      }
      if (error instanceof AppError) return refuse(socket, error.status, error.message, error.code);
      deps.onError(error);
      return refuse(socket, 503, CommonMessages.unavailable, 'unavailable');
    }
    const tier = signalTierOf(member.user);
    if (!tier) return refuse(socket, 403, CommonMessages.forbidden, 'forbidden', { budget });
    if (!query.success) return refuse(socket, 400, StreamMessages.afterInvalid, 'validation_failed', { budget });
    const connectionId = randomUUID();
    if (!(await slots.take(member.keyId, connectionId))) {
      return refuse(socket, 429, ApiKeyMessages.streamsFull, 'rate_limited', {
        retryAfterSeconds: STREAMS_FULL_RETRY_SECONDS,
        budget,
      });
    }
    if (budget) budgets.set(request, budget);
    // ws may refuse the handshake itself (a malformed upgrade) without calling back: the slot goes then.
    let upgraded = false;
    socket.once('close', () => {
      if (!upgraded) slots.release(member.keyId, connectionId).catch(deps.onError);
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      upgraded = true;
      const client: StreamClient = {
        ws,
        userId: member.user.id,
        user: member.user,
        keyId: member.keyId,
        connectionId,
        tier,
        held: [],
        alive: true,
      };
      clients.add(client);
      ws.on('pong', () => {
        client.alive = true;
      });
      const gone = () => {
        if (!clients.delete(client)) return;
        slots.release(client.keyId, client.connectionId).catch(deps.onError);
      };
      ws.on('close', gone);
      ws.on('error', gone);
      // Programs only listen; anything they send is ignored (maxPayload bounds it).
      startClient(client, query.data.after ?? null).catch((error: unknown) => {
        deps.onError(error);
        ws.close(1011, 'replay failed');
      });
    });
  }

  /** Replays what a reconnecting client missed, then releases the live frames held meanwhile. */
  async function startClient(client: StreamClient, after: number | null): Promise<void> {
    const replay = await streamReplay(ctx, { after, tier: client.tier, limits: deps.limits });
    for (const message of replay.messages) send(client, encodeMessage(message));
    const held = client.held ?? [];
    client.held = null;
    let lastSeq = replay.lastSeq;
    const fresh = held.filter(({ seq }) => seq === null || lastSeq === null || seq > lastSeq);
    for (const { seq } of fresh) if (seq !== null && (lastSeq === null || seq > lastSeq)) lastSeq = seq;
    const ready: TStreamMessage = {
      type: 'ready',
      lastSeq,
      replayed: replay.messages.length,
      truncated: replay.truncated,
    };
    send(client, encodeMessage(ready));
    for (const { frame } of fresh) send(client, frame);
    await sendPlans([client]);
  }

  /**
   * Each member's risk plan, where it stands now, to that member's connections (one reading a member,
   * however many connections it has); members without a plan get nothing.
   */
  async function sendPlans(targets: Iterable<StreamClient>): Promise<void> {
    const byMember = new Map<string, StreamClient[]>();
    for (const client of targets) byMember.set(client.userId, [...(byMember.get(client.userId) ?? []), client]);
    for (const members of byMember.values()) {
      const standing = await riskPlanStanding(ctx, (members[0] as StreamClient).user);
      if (!standing.plan) continue;
      const frame = encodeMessage({ type: 'plan', seq: null, plan: standing });
      for (const client of members) {
        if (client.held) client.held.push({ seq: null, frame });
        else send(client, frame);
      }
    }
  }

  /**
   * Re-reads the access of these connections in one query: a revoked key or lost live access closes
   * the connection (4403), a changed tier moves it to that tier's view.
   */
  async function recheck(subset: StreamClient[]): Promise<void> {
    if (subset.length === 0) return;
    const members = await membersOfLiveKeys(ctx, [...new Set(subset.map((client) => client.keyId))]);
    for (const client of subset) {
      const user = members.get(client.keyId);
      const tier = user ? signalTierOf(user) : null;
      if (!tier) client.ws.close(STREAM_CLOSE.accessEnded, user ? 'live access ended' : 'key revoked');
      else {
        client.tier = tier;
        client.user = user as TUser;
      }
    }
  }

  async function onSignal(event: Extract<TBusEvent, { type: 'signal:new' | 'signal:update' }>): Promise<void> {
    const signal: TSignal = event.signal;
    const resolved = signal.outcome !== null || signal.status === 'void';
    if (event.type === 'signal:new') {
      const seq = signal.record?.seq ?? null;
      deliver(
        encodeForTiers(clients, (view) => ({ type: 'signal.issued', seq, signal: view }), signal, deps.limits),
        seq,
      );
      await sendPlans(clients);
      return;
    }
    if (!resolved) {
      deliver(
        encodeForTiers(clients, (view) => ({ type: 'signal.updated', seq: null, signal: view }), signal, deps.limits),
        null,
      );
      return;
    }
    const seq = await outcomeEntrySeq(ctx.db, signal.id);
    deliver(
      encodeForTiers(clients, (view) => ({ type: 'signal.resolved', seq, signal: view }), signal, deps.limits),
      seq,
    );
    await sendPlans(clients);
  }

  const unsubscribe = ctx.bus.subscribe((event) => {
    if (clients.size === 0) return;
    if (event.type === 'signal:new' || event.type === 'signal:update') onSignal(event).catch(deps.onError);
    else if (event.type === 'account:changed') {
      recheck([...clients].filter((client) => client.userId === event.userId)).catch(deps.onError);
    }
  });

  deps.statsFeed.onStats((stats) => {
    if (clients.size === 0) return;
    const frame = encodeMessage({ type: 'stats', seq: null, stats });
    deliver(new Map([...new Set([...clients].map((c) => c.tier))].map((tier) => [tier, frame])), null);
  });

  server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    // socket.io answers its own path; no other upgrade is served here.
    if (path.startsWith(SOCKET_IO_PATH)) return;
    if (path !== SIGNAL_STREAM_PATH) {
      socket.destroy();
      return;
    }
    upgrade(request, socket, head).catch((error: unknown) => {
      deps.onError(error);
      socket.destroy();
    });
  });

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
    slots.renew([...clients]).catch(deps.onError);
  }, PING_MS);
  const sweeper = setInterval(() => {
    recheck([...clients]).catch(deps.onError);
  }, SWEEP_MS);
  pinger.unref();
  sweeper.unref();

  return {
    size: () => clients.size,
    async close() {
      closing = true;
      clearInterval(pinger);
      clearInterval(sweeper);
      unsubscribe();
      for (const client of clients) client.ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
