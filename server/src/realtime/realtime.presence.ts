import type { RealtimeServer } from './realtime.types.js';

/** How long one count is reused: a page load of many members asks once, not once each. */
const PRESENCE_CACHE_MS = 2_000;

/**
 * Distinct signed-in members with at least one open socket, over every server process: `fetchSockets`
 * goes through the socket adapter (Redis in the distributed shape), so each process answers for its own
 * sockets. A member with three tabs counts once.
 */
export function createPresence(io: RealtimeServer): { onlineMembers(): Promise<number> } {
  let cached: { at: number; count: Promise<number> } | null = null;
  return {
    onlineMembers() {
      const now = Date.now();
      if (cached && now - cached.at < PRESENCE_CACHE_MS) return cached.count;
      const count = io
        .fetchSockets()
        .then(
          (sockets) => new Set(sockets.flatMap((socket) => (socket.data.member ? [socket.data.member.id] : []))).size,
        );
      cached = { at: now, count };
      // A failed count is not kept: the next call asks again.
      count.catch(() => {
        if (cached?.count === count) cached = null;
      });
      return count;
    },
  };
}
