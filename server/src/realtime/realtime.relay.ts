import {
  isPrimaryWindowClosed,
  Rooms,
  type ServerToClientEvents,
  signalViewFor,
  type TBusEvent,
  TIERS,
  TIMING,
  type TierDailyLimits,
} from '@signalroom/shared';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import type { AccessSync } from './realtime.access.js';
import type { LocalMembers } from './realtime.members.js';
import type { TrialRelay } from './realtime.trial.js';
import type { RealtimeServer } from './realtime.types.js';

const SIGNAL_TIERS = TIERS.filter((tier) => tier !== 'guest');

/**
 * The shortest gap between two relays of an unchanged countdown, for a sync period (COUNTDOWN_SYNC_MS).
 * The worker publishes sync points that often and clients count down locally from the deadline, so an
 * unchanged tick sooner than this (a second worker, a replay) is dropped; half the sync period, so a sync
 * point that comes a little early is never lost. A changed deadline (an admin reset) or the offer ending
 * is relayed at once.
 */
export const countdownResyncMs = (syncMs: number = TIMING.countdownSyncMs) => syncMs / 2;

/**
 * Relays bus events to THIS process's sockets (`io.local`). Every server process subscribes to the
 * bus, so with several processes each socket receives each event exactly once, from its own process.
 * Signals go to each tier room as that tier's view (a teaser past the day's allowance) and to the trial
 * room once their primary window has closed; statistics to tier rooms and the trial room; countdown ticks
 * to `public`; an account change re-reads the member and moves their sockets; activation news goes to the
 * member's own room and to admins; a member's notifications (and their reading elsewhere) to their own room.
 */
export function createRelay(
  io: RealtimeServer,
  deps: {
    access: AccessSync;
    members: LocalMembers;
    trial: TrialRelay;
    metrics: ServerMetrics;
    limits: TierDailyLimits;
    /** Whether the server's own check finds the track record broken (statistics then carry the flag). */
    recordBroken: () => boolean;
    onError: (error: unknown) => void;
    /** The deployment's countdown sync period (COUNTDOWN_SYNC_MS). */
    countdownSyncMs?: number;
  },
): (event: TBusEvent) => void {
  const { access, metrics, limits } = deps;
  let lastCountdown: { deadline: string | null; ended: boolean; at: number } | null = null;
  const resyncMs = countdownResyncMs(deps.countdownSyncMs);

  function roomSize(room: string): number {
    return io.of('/').adapter.rooms.get(room)?.size ?? 0;
  }

  /** Emits one event to the admins' local sockets. */
  function emitToAdmins<E extends 'activation:new' | 'activation:reviewed' | 'support:inbox' | 'bot-access:update'>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    const size = roomSize(Rooms.admins);
    if (size === 0) return;
    io.local.to(Rooms.admins).emit(event, ...payload);
    metrics.socketEvents.inc({ event }, size);
  }

  /** Emits one event to a member's local sockets. */
  function emitToMember<E extends 'activation:update' | 'support:update' | 'notification:new' | 'notification:read'>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void {
    const reached = deps.members.emitTo(userId, event, ...payload);
    if (reached > 0) metrics.socketEvents.inc({ event }, reached);
  }

  function observeDelay(event: TBusEvent, startedAt: number): void {
    metrics.emitDuration.observe({ type: event.type }, (performance.now() - startedAt) / 1000);
    if (event.publishedAt !== undefined) {
      metrics.busEventDelay.observe({ type: event.type }, Math.max(0, Date.now() - event.publishedAt) / 1000);
    }
  }

  return (event) => {
    const startedAt = performance.now();
    switch (event.type) {
      case 'signal:new':
      case 'signal:update': {
        for (const tier of SIGNAL_TIERS) {
          const room = Rooms.tier(tier);
          const size = roomSize(room);
          if (size === 0) continue;
          io.local.to(room).emit(event.type, signalViewFor(event.signal, tier, limits));
          metrics.socketEvents.inc({ event: event.type }, size);
        }
        deps.trial.handle(event.signal);
        observeDelay(event, startedAt);
        return;
      }
      case 'signal:note': {
        // Only to rooms that see the signal in full: a teaser past the allowance gets no note either,
        // and the trial room only once the signal's primary window has closed (as the signal itself).
        const rooms = SIGNAL_TIERS.filter((tier) => !signalViewFor(event.signal, tier, limits).locked).map((tier) =>
          Rooms.tier(tier),
        );
        if (isPrimaryWindowClosed(event.signal, new Date())) rooms.push(Rooms.trial);
        const size = rooms.reduce((sum, room) => sum + roomSize(room), 0);
        if (size > 0) {
          io.local.to(rooms).emit('signal:note', event.note);
          metrics.socketEvents.inc({ event: 'signal:note' }, size);
        }
        observeDelay(event, startedAt);
        return;
      }
      case 'stats:update': {
        const rooms = [...SIGNAL_TIERS.map((tier) => Rooms.tier(tier)), Rooms.trial];
        const size = rooms.reduce((sum, room) => sum + roomSize(room), 0);
        if (size > 0) {
          io.local.to(rooms).emit('stats:update', { ...event.stats, recordBroken: deps.recordBroken() });
          metrics.socketEvents.inc({ event: 'stats:update' }, size);
        }
        observeDelay(event, startedAt);
        return;
      }
      case 'countdown:tick': {
        const { deadline, ended } = event.countdown;
        const now = Date.now();
        const unchanged = lastCountdown && lastCountdown.deadline === deadline && lastCountdown.ended === ended;
        if (unchanged && lastCountdown && now - lastCountdown.at < resyncMs) return;
        lastCountdown = { deadline, ended, at: now };
        const size = roomSize(Rooms.public);
        if (size > 0) {
          io.local.to(Rooms.public).emit('countdown:tick', event.countdown);
          metrics.socketEvents.inc({ event: 'countdown:tick' }, size);
        }
        observeDelay(event, startedAt);
        return;
      }
      case 'account:changed': {
        access.refreshUser(event.userId).then(() => observeDelay(event, startedAt), deps.onError);
        return;
      }
      case 'activation:update': {
        emitToMember(event.userId, 'activation:update', event.activation);
        observeDelay(event, startedAt);
        return;
      }
      case 'activation:new': {
        emitToAdmins('activation:new', { proof: event.proof, replacesId: event.replacesId });
        observeDelay(event, startedAt);
        return;
      }
      case 'activation:reviewed': {
        emitToAdmins('activation:reviewed', event.proof);
        observeDelay(event, startedAt);
        return;
      }
      case 'support:update': {
        emitToMember(event.userId, 'support:update', { ticket: event.ticket, message: event.message });
        observeDelay(event, startedAt);
        return;
      }
      case 'support:inbox': {
        emitToAdmins('support:inbox', { kind: event.kind, ticket: event.ticket, message: event.message });
        observeDelay(event, startedAt);
        return;
      }
      case 'bot-access:update': {
        emitToAdmins('bot-access:update', { kind: event.kind, submission: event.submission });
        observeDelay(event, startedAt);
        return;
      }
      case 'notification:new': {
        emitToMember(event.userId, 'notification:new', event.notification);
        observeDelay(event, startedAt);
        return;
      }
      case 'notification:read': {
        emitToMember(event.userId, 'notification:read', { ids: event.ids });
        observeDelay(event, startedAt);
        return;
      }
      // The network is for members with live access: exactly the sockets of the tier rooms (admins are in
      // tier:gold). A socket is in one tier room, so each gets the event once.
      case 'community:post':
      case 'community:remove': {
        const rooms = SIGNAL_TIERS.map((tier) => Rooms.tier(tier));
        const size = rooms.reduce((sum, room) => sum + roomSize(room), 0);
        if (size > 0) {
          if (event.type === 'community:post') io.local.to(rooms).emit('community:post', event.post);
          else io.local.to(rooms).emit('community:remove', { postId: event.postId });
          metrics.socketEvents.inc({ event: event.type }, size);
        }
        observeDelay(event, startedAt);
        return;
      }
    }
  };
}
