import { hasGoldAccess, Rooms, STREAM_ROOM_PREFIX, signalAccessMode, type TUser, timerDelay } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { sessionIdleCutoff } from '../http/guards.js';
import { isStreamRoom } from '../modules/gold/stream-prices.js';
import { presentUser } from '../modules/users/users.presenter.js';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import { findLiveSessionHashes, findUsersByIds } from './realtime.repository.js';
import { roomChanges, roomsFor } from './realtime.rooms.js';
import type { RealtimeSocket } from './realtime.types.js';

const BATCH = 500;

/**
 * Keeps this process's sockets in the rooms their members' CURRENT records allow. Called on
 * `account:changed` (an admin changed access: re-read that member now) and by a periodic sweep that
 * re-reads every local member, which also catches changes whose bus event was lost and sessions
 * revoked by logout or password reset (their sockets are disconnected).
 */
export interface AccessSync {
  track(socket: RealtimeSocket): void;
  untrack(socket: RealtimeSocket): void;
  /** Puts a socket in exactly the rooms its member may be in. */
  applyRooms(socket: RealtimeSocket, user: TUser | null): void;
  /** Re-reads one member; every local socket of theirs moves rooms and receives `account:update`. */
  refreshUser(userId: string): Promise<void>;
  /** Re-reads every member with a local socket; `account:update` only where something changed. */
  sweep(): Promise<void>;
  /** Local authenticated sockets (for snapshots after a bus reconnect). */
  sockets(): RealtimeSocket[];
  /** Stops the trial-end timers (process shutdown). */
  close(): void;
}

/**
 * The rooms that decide which signals a socket sees (its tier room, or the trial room): when they change
 * (access gained or lost, another tier, a trial that ended) the member needs a fresh snapshot.
 */
function viewOf(socket: RealtimeSocket): string {
  return [...socket.rooms]
    .filter((room) => room.startsWith('tier:') || room === Rooms.trial)
    .sort()
    .join(',');
}

/**
 * `onViewChanged` is called for a socket whose member's view of signals changed (access gained or lost,
 * another tier, a trial that ended, admin granted or removed): the caller sends a fresh snapshot, so the
 * client swaps its list at once.
 */
export function createAccessSync(
  ctx: ServerContext,
  metrics: ServerMetrics,
  onViewChanged: (socket: RealtimeSocket) => void,
): AccessSync {
  const byUser = new Map<string, Set<RealtimeSocket>>();
  // Bumped when a targeted refresh starts, so an older read (a sweep) never overwrites a newer one.
  const generation = new Map<string, number>();
  // One timer per socket in its trial: at trialEndsAt it leaves the trial room at once, without
  // waiting for the next sweep.
  const trialTimers = new Map<RealtimeSocket, ReturnType<typeof setTimeout>>();

  function clearTrialTimer(socket: RealtimeSocket): void {
    const timer = trialTimers.get(socket);
    if (timer) clearTimeout(timer);
    trialTimers.delete(socket);
  }

  function armTrialTimer(socket: RealtimeSocket, user: TUser | null): void {
    clearTrialTimer(socket);
    // Only a member in the delayed view has a trial end to act on (admins and live members have none).
    if (!user?.trialEndsAt || signalAccessMode(user, ctx.now()) !== 'delayed') return;
    // A trial ending past setTimeout's ceiling is re-armed when the timer fires (the view is unchanged).
    const wait = timerDelay(Date.parse(user.trialEndsAt) - ctx.now().getTime());
    const timer = setTimeout(() => {
      trialTimers.delete(socket);
      if (!socket.connected) return;
      const before = viewOf(socket);
      applyRooms(socket, socket.data.user);
      if (viewOf(socket) !== before) onViewChanged(socket);
    }, wait);
    timer.unref?.();
    trialTimers.set(socket, timer);
  }

  function applyRooms(socket: RealtimeSocket, user: TUser | null): void {
    const current = [...socket.rooms].filter((room) => room !== socket.id);
    // A platinum stream room is joined on request, and kept only while the member has gold access.
    const streams = hasGoldAccess(user) ? current.filter(isStreamRoom) : [];
    const { leave, join } = roomChanges(current, [...roomsFor(user, ctx.now()), ...streams]);
    for (const room of leave) {
      void socket.leave(room);
      if (isStreamRoom(room)) socket.emit('stream:stopped', { asset: room.slice(STREAM_ROOM_PREFIX.length) });
    }
    if (join.length) void socket.join(join);
    armTrialTimer(socket, user);
  }

  async function reconcile(userIds: string[], mode: 'targeted' | 'sweep'): Promise<void> {
    const started = new Map<string, number>();
    for (const id of userIds) {
      const next = (generation.get(id) ?? 0) + (mode === 'targeted' ? 1 : 0);
      generation.set(id, next);
      started.set(id, next);
    }
    const sockets = userIds.flatMap((id) => [...(byUser.get(id) ?? [])]);
    if (sockets.length === 0) return;
    const hashes = [...new Set(sockets.map((s) => s.data.tokenHash).filter((h): h is string => h !== null))];
    const [rows, live] = await Promise.all([
      findUsersByIds(ctx.db, userIds),
      findLiveSessionHashes(ctx.db, hashes, ctx.now(), sessionIdleCutoff(ctx, ctx.now())),
    ]);
    const users = new Map(rows.map((row) => [row.id, presentUser(row)]));
    for (const socket of sockets) {
      const previous = socket.data.user;
      if (!socket.connected || !previous) continue;
      if (generation.get(previous.id) !== started.get(previous.id)) continue;
      const user = users.get(previous.id);
      if (!user || !socket.data.tokenHash || !live.has(socket.data.tokenHash)) {
        // Logged out, reset or deleted: this token no longer speaks for anyone.
        socket.disconnect(true);
        continue;
      }
      const changed = JSON.stringify(user) !== JSON.stringify(previous);
      const view = viewOf(socket);
      socket.data.user = user;
      applyRooms(socket, user);
      if (mode === 'targeted' || changed) {
        socket.emit('account:update', user);
        metrics.socketEvents.inc({ event: 'account:update' });
      }
      if (viewOf(socket) !== view) onViewChanged(socket);
    }
  }

  return {
    track(socket) {
      const id = socket.data.user?.id;
      if (!id) return;
      let set = byUser.get(id);
      if (!set) {
        set = new Set();
        byUser.set(id, set);
      }
      set.add(socket);
    },
    untrack(socket) {
      clearTrialTimer(socket);
      const id = socket.data.user?.id;
      if (!id) return;
      const set = byUser.get(id);
      set?.delete(socket);
      if (set?.size === 0) {
        byUser.delete(id);
        generation.delete(id);
      }
    },
    applyRooms,
    async refreshUser(userId) {
      if (!byUser.has(userId)) return;
      await reconcile([userId], 'targeted');
    },
    async sweep() {
      const ids = [...byUser.keys()];
      for (let i = 0; i < ids.length; i += BATCH) await reconcile(ids.slice(i, i + BATCH), 'sweep');
    },
    sockets() {
      return [...byUser.values()].flatMap((set) => [...set]);
    },
    close() {
      for (const timer of trialTimers.values()) clearTimeout(timer);
      trialTimers.clear();
    },
  };
}
