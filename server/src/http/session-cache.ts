import type { ServerContext } from '../context.js';
import type { UserRow } from '../sessions/user-row.js';

/**
 * How long a looked-up session answers from memory. Only the signal room's reads use it (the web app's
 * 2 s fallback polling, thousands of members at once). Every change that ends a session or changes a
 * member (logout, password change or reset, sessions revoked, access or profile changed, deletion)
 * publishes `account:changed`, which drops that member's entries in every process at once; this bound
 * only matters for a write that published nothing (or an event the bus lost).
 */
export const SESSION_CACHE_MS = 10_000;
/** Beyond this many entries the oldest go first (about 1 kB each). */
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export interface SessionCache {
  get(tokenHash: string): CachedSession | null;
  /** Taken before a database read; `set` ignores a read older than the last drop (it may be revoked). */
  epoch(): number;
  set(tokenHash: string, session: CachedSession, readAtEpoch: number): void;
  /** Drops every entry of a member (their access changed or a session of theirs ended). */
  forgetUser(userId: string): void;
  clear(): void;
}

function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  // Bumped by every drop of a member or of everything: a read that started before it may predate a
  // revocation, so it answers its own request but is not kept.
  let epoch = 0;
  function drop(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(entry.user.id);
  }
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (Date.now() - entry.cachedAt >= ttlMs) {
        drop(tokenHash);
        return null;
      }
      return entry;
    },
    epoch: () => epoch,
    set(tokenHash, session, readAtEpoch) {
      if (readAtEpoch !== epoch) return;
      drop(tokenHash);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(tokenHash, { ...session, cachedAt: Date.now() });
      let hashes = byUser.get(session.user.id);
      if (!hashes) {
        hashes = new Set();
        byUser.set(session.user.id, hashes);
      }
      hashes.add(tokenHash);
    },
    forgetUser(userId) {
      epoch += 1;
      for (const tokenHash of [...(byUser.get(userId) ?? [])]) drop(tokenHash);
    },
    clear() {
      epoch += 1;
      entries.clear();
      byUser.clear();
    },
  };
}

// One cache per event publisher, i.e. per server process (tests run several servers in one process).
const caches = new WeakMap<ServerContext['events'], SessionCache>();

/**
 * The session cache of this server, created on first use. It listens to `account:changed` on the bus
 * (other processes' changes) and drops everything after a bus reconnect (events may have been lost).
 * This process's own changes drop their entries before the event even leaves: the publisher's
 * `accountChanged` is wrapped here, so a request that follows a logout on this process never sees the
 * old session, whatever the bus's delay.
 */
export function sessionCacheOf(ctx: Pick<ServerContext, 'bus' | 'events'>): SessionCache {
  const existing = caches.get(ctx.events);
  if (existing) return existing;
  const cache = createSessionCache(SESSION_CACHE_MS);
  caches.set(ctx.events, cache);
  ctx.bus.subscribe((event) => {
    if (event.type === 'account:changed') cache.forgetUser(event.userId);
  });
  ctx.bus.onReconnect(() => cache.clear());
  const publish = ctx.events.accountChanged;
  ctx.events.accountChanged = (userId) => {
    cache.forgetUser(userId);
    return publish(userId);
  };
  return cache;
}
