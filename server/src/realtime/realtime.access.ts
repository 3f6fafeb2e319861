import { hasGoldAccess, Rooms, STREAM_ROOM_PREFIX, signalAccessMode, type TUser, timerDelay } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { sessionIdleCutoff } from '../http/guards.js';
import { isStreamRoom } from '../modules/gold/stream-prices.js';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import { presentUser } from '../sessions/user-row.js';
import { accountDigest, keepMemberRecord } from './realtime.member.js';
import type { LocalMembers } from './realtime.members.js';
import { findLiveSessionHashes, findUsersByIds } from './realtime.repository.js';
import { roomChanges, roomsFor } from './realtime.rooms.js';
import type { RealtimeSocket, SocketMember } from './realtime.types.js';

const BATCH = 500;

/**
 * Keeps this process's sockets in the rooms their members' CURRENT records allow. Called on
 * `account:changed` (an admin changed access: re-read that member now) and by a periodic sweep that
 * re-reads every local member, which also catches changes whose bus event was lost and sessions
 * revoked by logout or password reset (their sockets are disconnected).
 */
export interface AccessSync {
  /** A socket connected: it counts among its member's sockets and joins the rooms they may be in. */
  admit(socket: RealtimeSocket): void;
  /** A socket went away. */
  forget(socket: RealtimeSocket): void;
  /** Re-reads one member; every local socket of theirs moves rooms and receives `account:update`. */
  refreshUser(userId: string): Promise<void>;
  /**
   * Re-reads every member with a local socket; `account:update` only where something changed. With
   * `snapshots`, every member's socket also gets a fresh snapshot (after a bus reconnect).
   */
  sweep(options?: { snapshots?: boolean }): Promise<void>;
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
 * `sendSnapshot` is called for a socket whose member's view of signals changed (access gained or lost,
 * another tier, a trial that ended, admin granted or removed), so the client swaps its list at once,
 * with the member's record when it was just read (a trial's end has none: the caller reads it).
 */
export function createAccessSync(
  members: LocalMembers,
  ctx: ServerContext,
  metrics: ServerMetrics,
  sendSnapshot: (socket: RealtimeSocket, user?: TUser) => void,
): AccessSync {
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

  function armTrialTimer(socket: RealtimeSocket, member: SocketMember | null): void {
    clearTrialTimer(socket);
    // Only a member in the delayed view has a trial end to act on (admins and live members have none).
    if (!member?.trialEndsAt || signalAccessMode(member, ctx.now()) !== 'delayed') return;
    // A trial ending past setTimeout's ceiling is re-armed when the timer fires (the view is unchanged).
    const wait = timerDelay(Date.parse(member.trialEndsAt) - ctx.now().getTime());
    const timer = setTimeout(() => {
      trialTimers.delete(socket);
      if (!socket.connected) return;
      const before = viewOf(socket);
      applyRooms(socket, socket.data.member);
      if (viewOf(socket) !== before) sendSnapshot(socket);
    }, wait);
    timer.unref?.();
    trialTimers.set(socket, timer);
  }

  /** Puts a socket in exactly the rooms its member may be in. */
  function applyRooms(socket: RealtimeSocket, member: SocketMember | null): void {
    const current = [...socket.rooms].filter((room) => room !== socket.id);
    // A platinum stream room is joined on request, and kept only while the member has gold access.
    const streams = hasGoldAccess(member) ? current.filter(isStreamRoom) : [];
    const { leave, join } = roomChanges(current, [...roomsFor(member, ctx.now()), ...streams]);
    for (const room of leave) {
      void socket.leave(room);
      if (isStreamRoom(room)) socket.emit('stream:stopped', { asset: room.slice(STREAM_ROOM_PREFIX.length) });
    }
    if (join.length) void socket.join(join);
    armTrialTimer(socket, member);
  }

  async function reconcile(userIds: string[], mode: 'targeted' | 'sweep', snapshots = false): Promise<void> {
    const started = new Map<string, number>();
    for (const id of userIds) {
      const next = (generation.get(id) ?? 0) + (mode === 'targeted' ? 1 : 0);
      generation.set(id, next);
      started.set(id, next);
    }
    const sockets = userIds.flatMap((id) => members.socketsOf(id));
    if (sockets.length === 0) return;
    const hashes = [...new Set(sockets.map((s) => s.data.tokenHash).filter((h): h is string => h !== null))];
    const [rows, live] = await Promise.all([
      findUsersByIds(ctx.db, userIds),
      findLiveSessionHashes(ctx.db, hashes, ctx.now(), sessionIdleCutoff(ctx, ctx.now())),
    ]);
    const users = new Map(rows.map((row) => [row.id, presentUser(row)]));
    const digests = new Map<string, number>();
    for (const socket of sockets) {
      const previous = socket.data.member;
      if (!socket.connected || !previous) continue;
      if (generation.get(previous.id) !== started.get(previous.id)) {
        // A newer read of this member is under way and will settle its rooms; a catch-up still owes it a snapshot.
        if (snapshots) sendSnapshot(socket);
        continue;
      }
      const user = users.get(previous.id);
      if (!user || !socket.data.tokenHash || !live.has(socket.data.tokenHash)) {
        // Logged out, reset or deleted: this token no longer speaks for anyone.
        socket.disconnect(true);
        continue;
      }
      let digest = digests.get(user.id);
      if (digest === undefined) {
        digest = accountDigest(user);
        digests.set(user.id, digest);
      }
      const changed = digest !== socket.data.accountDigest;
      const view = viewOf(socket);
      keepMemberRecord(socket, user, digest);
      applyRooms(socket, socket.data.member);
      if (mode === 'targeted' || changed) {
        socket.emit('account:update', user);
        metrics.socketEvents.inc({ event: 'account:update' });
      }
      if (snapshots || viewOf(socket) !== view) sendSnapshot(socket, user);
    }
  }

  return {
    admit(socket) {
      members.add(socket);
      applyRooms(socket, socket.data.member);
    },
    forget(socket) {
      clearTrialTimer(socket);
      const id = socket.data.member?.id;
      if (id && !members.remove(socket)) generation.delete(id);
    },
    async refreshUser(userId) {
      if (!members.has(userId)) return;
      await reconcile([userId], 'targeted');
    },
    async sweep(options = {}) {
      const ids = members.ids();
      for (let i = 0; i < ids.length; i += BATCH) {
        await reconcile(ids.slice(i, i + BATCH), 'sweep', options.snapshots === true);
      }
    },
    close() {
      for (const timer of trialTimers.values()) clearTimeout(timer);
      trialTimers.clear();
    },
  };
}
