import type { ClientToServerEvents, RealtimeSnapshot, TUser } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ServerContext } from '../context.js';
import { metricsFor } from '../observability/metrics.registry.js';
import { createLiveDataSource, type LiveDataSource, tierLimitsFor } from './live-data.source.js';
import { attachPlainStream, SOCKET_IO_PATH } from './plain-stream.js';
import { createAccessSync } from './realtime.access.js';
import { attachRedisAdapter } from './realtime.adapter.js';
import { createHandshakeAuth } from './realtime.auth.js';
import { createGoldRealtime } from './realtime.gold.js';
import { readSocketUser } from './realtime.member.js';
import { createLocalMembers, type LocalMembers } from './realtime.members.js';
import { createNotificationRelay } from './realtime.notifications.js';
import { createOriginCheck } from './realtime.origin.js';
import { createPresence } from './realtime.presence.js';
import { createRelay } from './realtime.relay.js';
import { createLiveDataCache, cutSnapshot, type LiveData } from './realtime.snapshot.js';
import { createTrialRelay } from './realtime.trial.js';
import type { RealtimeServer, RealtimeSocket } from './realtime.types.js';
import { releaseHandshakes } from './realtime.upgrade-release.js';
import { createRecordStatsFeed } from './record-stats.js';

export interface Realtime {
  io: RealtimeServer;
  /** Re-reads every local member's access now (also runs on a timer). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** Where snapshots read signals, statistics and the countdown; defaults to the signal engine's module. */
  source?: LiveDataSource;
  /** How often every local member's access and session are re-read (ms). */
  sweepIntervalMs?: number;
}

/**
 * Default period of the access sweep. Every change of access and every ended session (logout, password
 * change or reset, revocation, deletion) publishes `account:changed`, acted on at once, and a bus
 * reconnect sweeps at once; trials end by timer. The periodic sweep only catches what no event tells:
 * a session passing its expiry while connected, or an event lost without a reconnect. Each sweep reads
 * every local member, so its period is a cost per member: a minute bounds those cases at a quarter of
 * the former 15 s period's reads.
 */
export const ACCESS_SWEEP_MS = 60_000;

/**
 * socket.io's heartbeat. At the real cadence a page gets a signal every 5 minutes and a countdown sync
 * point once a minute, so the heartbeat is what keeps a socket busy for proxies and what finds a dead
 * client. A ping every 40 s stays under the common 55-60 s idle timeouts of proxies and load balancers
 * (our nginx waits 75 s), and with 20 s to answer a dead client is let go within 60 s. Each ping is a
 * frame both ways per member: 1.5 a minute instead of socket.io's default 2.4 (25 s).
 */
export const SOCKET_PING_INTERVAL_MS = 40_000;
export const SOCKET_PING_TIMEOUT_MS = 20_000;

/**
 * Attaches socket.io to the HTTP server: handshake auth, rooms, bus relay, snapshots.
 *
 * Catch-up: connection state recovery is deliberately NOT enabled (it would replay missed packets
 * before any middleware could check current access). Instead every connect, every `snapshot:request`
 * and every bus reconnect sends a fresh snapshot cut by the member's access at that moment.
 */
export async function attachRealtime(
  app: FastifyInstance,
  ctx: ServerContext,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const metrics = metricsFor(ctx);
  const source = options.source ?? createLiveDataSource(ctx);
  const liveData = createLiveDataCache(source);
  const limits = tierLimitsFor(ctx);
  const log = ctx.logger.child({ module: 'realtime' });

  // Set by close(): from then on every handshake is refused, before the origin is even looked at.
  let closed = false;
  const originAllowed = createOriginCheck(ctx);
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // The plain stream (plain-stream.ts) answers its own upgrades, after reading the key from the
    // database: engine.io must not end those sockets after its one-second wait for another handler.
    destroyUpgrade: false,
    pingInterval: SOCKET_PING_INTERVAL_MS,
    pingTimeout: SOCKET_PING_TIMEOUT_MS,
    allowRequest: (request, callback) => {
      if (closed) callback('server shutting down', false);
      else originAllowed(request, callback);
    },
  });
  const adapter = attachRedisAdapter(io, ctx);
  const onError = (error: unknown) => log.warn({ err: error }, 'realtime update failed');
  const members = createLocalMembers();
  const access = createAccessSync(members, ctx, metrics, (socket, user) => {
    sendSnapshot(socket, user).catch(onError);
  });

  // The shared data may be older than the track record's status: the statistics carry it as it is now.
  const recordBroken = () => ctx.record.status().withheld;
  async function liveDataNow(): Promise<LiveData> {
    const data = await liveData.get();
    return { ...data, stats: { ...data.stats, recordBroken: recordBroken() } };
  }

  /**
   * A socket's snapshot, with its member's whole record: the one just read when there is one (the
   * handshake, an access change), else read now by id (the socket keeps only the access fields).
   */
  async function snapshotFor(socket: RealtimeSocket, user?: TUser | null): Promise<RealtimeSnapshot> {
    const [data, member] = await Promise.all([liveDataNow(), user === undefined ? readSocketUser(ctx, socket) : user]);
    return cutSnapshot(data, member, limits, ctx.now());
  }

  async function sendSnapshot(socket: RealtimeSocket, user?: TUser | null): Promise<void> {
    const snapshot = await snapshotFor(socket, user);
    if (!socket.connected) return;
    socket.emit('snapshot', snapshot);
    metrics.socketEvents.inc({ event: 'snapshot' });
  }

  const gold = createGoldRealtime(io, ctx, { members, metrics, onError });
  const notifications = createNotificationRelay(ctx, { members, metrics, onError });
  const handshake = createHandshakeAuth(ctx, { batched: ctx.config.REALTIME_BATCHED_HANDSHAKES });
  io.use(handshake.authenticate);
  const releaseHandshake = releaseHandshakes(io);

  // The listeners every socket gets are made once here, not per connection (socket.io calls them with
  // the socket as `this`): a closure per socket and event is memory paid by every connected member.
  // A snapshot read in flight per socket: a client hammering the request shares it.
  const pendingSnapshots = new WeakMap<RealtimeSocket, Promise<RealtimeSnapshot>>();
  function onSnapshotRequest(
    this: RealtimeSocket,
    ...[ack]: Parameters<ClientToServerEvents['snapshot:request']>
  ): void {
    if (typeof ack !== 'function') return;
    let pending = pendingSnapshots.get(this);
    if (!pending) {
      pending = snapshotFor(this).finally(() => pendingSnapshots.delete(this));
      pendingSnapshots.set(this, pending);
    }
    pending.then((snapshot) => {
      ack(snapshot);
      metrics.socketEvents.inc({ event: 'snapshot' });
    }, onError);
  }
  function onDisconnect(this: RealtimeSocket): void {
    access.forget(this);
  }

  io.on('connection', (socket) => {
    releaseHandshake(socket);
    gold.attach(socket);
    // Rooms first, snapshot second: an event racing the snapshot arrives twice rather than never
    // (clients merge by signal id).
    access.admit(socket);
    socket.on('disconnect', onDisconnect);
    socket.on('snapshot:request', onSnapshotRequest);
    sendSnapshot(socket, handshake.takeUser(socket)).catch(onError);
  });

  const trial = createTrialRelay(io, { metrics, now: () => ctx.now(), onError });
  const relay = createRelay(io, {
    access,
    members,
    trial,
    metrics,
    limits,
    recordBroken,
    onError,
    countdownSyncMs: ctx.config.COUNTDOWN_SYNC_MS,
  });
  // Statistics move with the log (checkpoints signed, witnesses answering), computed here from it.
  const statsFeed = createRecordStatsFeed(ctx, onError);
  statsFeed.onStats((stats) => {
    liveData.invalidate();
    relay({ type: 'stats:update', stats });
  });
  const stopRelay = ctx.bus.subscribe((event) => {
    // Countdown sync points too (every 10 s): a reset never leaves an old deadline in a cached snapshot.
    if (
      event.type === 'signal:new' ||
      event.type === 'signal:update' ||
      event.type === 'signal:note' ||
      event.type === 'stats:update' ||
      event.type === 'countdown:tick'
    ) {
      liveData.invalidate();
    }
    relay(event);
    gold.relay(event);
    notifications(event);
  });

  // Events published while the bus (Redis) was down are lost: re-read access, then resend snapshots.
  const stopReconnect = ctx.bus.onReconnect(() => {
    log.info('bus reconnected: resending snapshots');
    liveData.invalidate();
    // Members get theirs from the sweep, which has just read their records; anonymous sockets here.
    access
      .sweep({ snapshots: true })
      .then(async () => {
        const data = await liveDataNow();
        for (const [, socket] of io.of('/').sockets) {
          if (socket.data.member) continue;
          socket.emit('snapshot', cutSnapshot(data, null, limits, ctx.now()));
          metrics.socketEvents.inc({ event: 'snapshot' });
        }
      })
      .catch(onError);
  });

  let sweeping = false;
  const sweepTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    access
      .sweep()
      .catch(onError)
      .finally(() => {
        sweeping = false;
      });
  }, options.sweepIntervalMs ?? ACCESS_SWEEP_MS);
  sweepTimer.unref();

  const stream = attachPlainStream(ctx, app.server, { limits, onError, statsFeed });

  metrics.setRoomSizesProvider(() => roomSizes(io, members));
  ctx.presence = createPresence(io);

  return {
    io,
    sweep: () => access.sweep(),
    async close() {
      if (closed) return;
      closed = true;
      ctx.presence = undefined;
      clearInterval(sweepTimer);
      stopRelay();
      statsFeed.stop();
      gold.close();
      trial.close();
      access.close();
      stopReconnect();
      metrics.setRoomSizesProvider(null);
      await stream.close();
      // Shutting down: no new sockets here, and the open ones lose their transport ("transport close"),
      // on which clients reconnect by themselves, to another process once this one is gone. (A
      // server-side disconnect would tell them not to reconnect.) Not io.close(): that would close the
      // HTTP server, which Fastify owns and closes itself, letting in-flight requests finish. New
      // handshakes are refused by allowRequest now that `closed` is set.
      io.engine.close();
      await io.of('/').adapter.close();
      await adapter?.close();
    },
  };
}

/**
 * Local sockets per room, and `user:*` for the sockets of signed-in members (there is no room per
 * member, and one label per member would explode cardinality anyway).
 */
function roomSizes(io: RealtimeServer, members: LocalMembers): Map<string, number> {
  const nsp = io.of('/');
  const sizes = new Map<string, number>([
    ['all', nsp.sockets.size],
    ['user:*', members.socketCount()],
  ]);
  for (const [room, sockets] of nsp.adapter.rooms) if (!nsp.sockets.has(room)) sizes.set(room, sockets.size);
  return sizes;
}
