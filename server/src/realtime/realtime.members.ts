import type { ServerToClientEvents } from '@signalroom/shared';
import type { RealtimeSocket } from './realtime.types.js';

/**
 * The signed-in members connected to THIS process, and their sockets: the one index the access sync
 * (whose records to re-read), the relay (a member's own events), and the gold and notification relays
 * (whose trades and notices to read) all use.
 *
 * Not a socket.io room per member: a room is a Set per member, a room name and three more table
 * entries, about 0.2 kB for every connected member, where most members have one socket. Here a
 * member's one socket is kept as itself, and a Set only from their second (another tab, a phone).
 * Events for a member are few and small, so each of their sockets is written to on its own.
 */
export interface LocalMembers {
  /** A socket of a signed-in member connected (its `data.member` is set). */
  add(socket: RealtimeSocket): void;
  /** A socket went away. Returns whether its member still has a socket here. */
  remove(socket: RealtimeSocket): boolean;
  has(userId: string): boolean;
  /** The members with a socket here. */
  ids(): string[];
  socketsOf(userId: string): RealtimeSocket[];
  /** Sockets of signed-in members here (the metrics' `user:*`). */
  socketCount(): number;
  /** Sends one event to every local socket of a member; returns how many it reached. */
  emitTo<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): number;
  /**
   * For news written for many members at once (a signal's trades, its notifications): reads the rows
   * of the members connected here, in batches of ids (one `in (...)` list each), and hands each row
   * with its member to `send`.
   */
  forEachRowOf<Row extends { user_id: string }>(
    read: (userIds: string[]) => Promise<Row[]>,
    send: (row: Row) => void,
  ): Promise<void>;
}

/** Members whose rows are read in one query by forEachRowOf. */
const READ_BATCH = 1000;

export function createLocalMembers(): LocalMembers {
  const byId = new Map<string, RealtimeSocket | Set<RealtimeSocket>>();
  let sockets = 0;

  function socketsOf(userId: string): RealtimeSocket[] {
    const held = byId.get(userId);
    if (!held) return [];
    return held instanceof Set ? [...held] : [held];
  }

  return {
    add(socket) {
      const id = socket.data.member?.id;
      if (!id) return;
      const held = byId.get(id);
      if (held === socket || (held instanceof Set && held.has(socket))) return;
      sockets += 1;
      if (!held) byId.set(id, socket);
      else if (held instanceof Set) held.add(socket);
      else byId.set(id, new Set([held, socket]));
    },
    remove(socket) {
      const id = socket.data.member?.id;
      if (!id) return false;
      const held = byId.get(id);
      if (held === socket) {
        byId.delete(id);
        sockets -= 1;
        return false;
      }
      if (!(held instanceof Set) || !held.delete(socket)) return held !== undefined;
      sockets -= 1;
      // Back to one socket: kept as itself again.
      if (held.size === 1) byId.set(id, held.values().next().value as RealtimeSocket);
      return true;
    },
    has: (userId) => byId.has(userId),
    ids: () => [...byId.keys()],
    socketsOf,
    socketCount: () => sockets,
    emitTo(userId, event, ...payload) {
      const targets = socketsOf(userId);
      for (const socket of targets) socket.emit(event, ...payload);
      return targets.length;
    },
    async forEachRowOf(read, send) {
      const ids = [...byId.keys()];
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        for (const row of await read(ids.slice(i, i + READ_BATCH))) send(row);
      }
    },
  };
}
