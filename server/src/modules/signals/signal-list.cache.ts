import { createHash } from 'node:crypto';
import type { TPerformanceStats, TSignal } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { findSignals, findSignalsPage } from './signals.repository.js';

/** A cached read lives at most this long, in case a signal event was lost on the bus. */
export const SIGNAL_LIST_CACHE_MS = 5000;

export interface SignalList {
  signals: TSignal[];
  /** The next (older) page's cursor, newest first; null on the last page, and for the oldest-first order. */
  nextCursor: string | null;
  /** Derived from the content, so every server process gives the same list the same version. */
  version: string;
}

export interface SignalListCache {
  get(limit: number, order: 'asc' | 'desc'): Promise<SignalList>;
}

// One per server (keyed by its event publisher; tests run several servers in one process).
const caches = new WeakMap<ServerContext['events'], SignalListCache>();

/**
 * The newest signals as GET /api/signals reads them, shared by every member's poll: read once per page
 * size and order, dropped on every signal event (and after a bus reconnect), so polling members cost no
 * database read until a signal changes.
 */
export function signalListCacheOf(ctx: Pick<ServerContext, 'db' | 'bus' | 'events'>): SignalListCache {
  const existing = caches.get(ctx.events);
  if (existing) return existing;
  const entries = new Map<string, { at: number; list: Promise<SignalList> }>();
  // An entry is stored when its read starts, so a drop during the read discards it too.
  const clear = () => entries.clear();
  ctx.bus.subscribe((event) => {
    if (event.type === 'signal:new' || event.type === 'signal:update' || event.type === 'signal:note') clear();
  });
  ctx.bus.onReconnect(clear);
  const cache: SignalListCache = {
    get(limit, order) {
      const key = `${limit}:${order}`;
      const entry = entries.get(key);
      if (entry && Date.now() - entry.at < SIGNAL_LIST_CACHE_MS) return entry.list;
      const read =
        order === 'desc'
          ? findSignalsPage(ctx.db, { limit, before: null, since: null, closedBy: null })
          : findSignals(ctx.db, limit, order).then((signals) => ({ signals, nextCursor: null }));
      const list = read.then((page) => ({
        ...page,
        version: createHash('sha1').update(JSON.stringify(page)).digest('base64url').slice(0, 20),
      }));
      const fresh = { at: Date.now(), list };
      entries.set(key, fresh);
      // A failed read is not cached (its caller gets the error); the next read tries again.
      list.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return list;
    },
  };
  caches.set(ctx.events, cache);
  return cache;
}
