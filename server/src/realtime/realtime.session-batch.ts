import type { ServerContext } from '../context.js';
import { SESSION_TOUCH_MS, sessionIdleCutoff } from '../http/guards.js';
import type { UserRow } from '../modules/users/users.repository.js';
import { findUsersBySessionHashes, touchSessions } from '../sessions/sessions.repository.js';

/** Most token hashes in one lookup (one `in (...)` list). */
const MAX_BATCH = 500;
/**
 * Lookups in flight at once. A restart brings every member back within seconds: without a bound the
 * handshakes would take every pooled connection and time out REST requests (and each other). Hashes
 * that arrive meanwhile wait and go together in the next lookup, so a storm costs a few queries.
 */
const MAX_IN_FLIGHT = 2;
/**
 * How long the first hash of a lookup waits for others. Reconnecting clients spread their attempts over
 * seconds (random back-off), so a storm's handshakes rarely land in the same event-loop turn; a few
 * milliseconds gather them, which no member notices on a connect.
 */
const GATHER_MS = 10;

export interface SessionLookup {
  /** The member behind a live session token hash, or null; read from the database, never cached. */
  find(tokenHash: string): Promise<UserRow | null>;
}

interface Waiter {
  resolve(user: UserRow | null): void;
  reject(error: unknown): void;
}

/**
 * Session lookups for socket handshakes, coalesced: every hash asked for within a few milliseconds, or
 * while a lookup is pending, goes into one `where token_hash in (...)` read (and one write for the sessions whose last use is
 * stale), instead of one query per socket. Always the database's current answer, so a revoked
 * session is refused exactly as before.
 */
export function createSessionLookup(ctx: ServerContext): SessionLookup {
  const waiting = new Map<string, Waiter[]>();
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= MAX_IN_FLIGHT || waiting.size === 0) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      while (inFlight < MAX_IN_FLIGHT && waiting.size > 0) flush();
    }, GATHER_MS);
  }

  function flush(): void {
    const batch = new Map<string, Waiter[]>();
    for (const [hash, waiters] of waiting) {
      if (batch.size >= MAX_BATCH) break;
      batch.set(hash, waiters);
      waiting.delete(hash);
    }
    inFlight += 1;
    lookup([...batch.keys()])
      .then(
        (found) => {
          for (const [hash, waiters] of batch) for (const w of waiters) w.resolve(found.get(hash) ?? null);
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        inFlight -= 1;
        schedule();
      });
  }

  async function lookup(hashes: string[]): Promise<Map<string, UserRow>> {
    const now = ctx.now();
    const found = await findUsersBySessionHashes(ctx.db, hashes, now, sessionIdleCutoff(ctx, now));
    const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS);
    const stale = [...found].filter(([, session]) => session.lastSeenAt < staleBefore).map(([hash]) => hash);
    await touchSessions(ctx.db, stale, now, staleBefore);
    return new Map([...found].map(([hash, session]) => [hash, session.user]));
  }

  return {
    find(tokenHash) {
      return new Promise((resolve, reject) => {
        const waiters = waiting.get(tokenHash);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(tokenHash, [{ resolve, reject }]);
        schedule();
      });
    },
  };
}
