import type { TLockedSignal, TPerformanceStats, TSignalNote, TSignalView } from '@signalroom/shared';

/**
 * Pure parts of the live signal store: how lists merge and how the transport moves between push and
 * polling. Kept free of the DOM, the socket and fetch so they are unit-tested in node.
 */

/** How many signals the room keeps: the same window as GET /api/signals?limit=10. */
export const LIVE_SIGNAL_WINDOW = 10;

/** Share of poll refreshes that also fetch statistics (about 10%: statistics change slowly). */
export const STATS_REFRESH_SHARE = 0.1;

/** off: not subscribed; connecting: socket opening; push: socket up; polling: socket down, REST every 2 s. */
export type Transport = 'off' | 'connecting' | 'push' | 'polling';

export type TransportEvent =
  | { type: 'start' }
  | { type: 'connected' }
  | { type: 'disconnected' }
  | { type: 'connect-failed' }
  | { type: 'stop' };

/**
 * The transport state machine. Starting opens the socket; a failed or lost socket falls back to
 * polling; a socket that (re)connects takes over again; stop ends everything.
 */
export function nextTransport(current: Transport, event: TransportEvent): Transport {
  switch (event.type) {
    case 'start':
      return current === 'off' ? 'connecting' : current;
    case 'stop':
      return 'off';
    case 'connected':
      return current === 'off' ? 'off' : 'push';
    case 'disconnected':
    case 'connect-failed':
      return current === 'off' ? 'off' : 'polling';
  }
}

/** Whether a poll refresh should also fetch statistics; `roll` is a number in [0, 1). */
export function shouldRefreshStats(roll: number, hasStats: boolean): boolean {
  return !hasStats || roll < STATS_REFRESH_SHARE;
}

const byNewest = (a: TSignalView, b: TSignalView) =>
  b.createdAt === a.createdAt ? b.daySequence - a.daySequence : b.createdAt < a.createdAt ? -1 : 1;

/** A list newest first, one entry per id, at most `window` long. */
export function normalizeSignals(signals: readonly TSignalView[], window = LIVE_SIGNAL_WINDOW): TSignalView[] {
  const seen = new Map<string, TSignalView>();
  for (const signal of signals) seen.set(signal.id, signal);
  return [...seen.values()].sort(byNewest).slice(0, window);
}

/**
 * Applies a pushed signal (new or updated): replaces the entry with the same id or inserts it in
 * order. An update for a signal that has left the window does not bring it back.
 */
export function mergeSignal(
  list: readonly TSignalView[],
  signal: TSignalView,
  window = LIVE_SIGNAL_WINDOW,
): TSignalView[] {
  const index = list.findIndex((s) => s.id === signal.id);
  if (index >= 0) {
    const next = [...list];
    const existing = list[index];
    // A pushed update carries no notes: the ones already shown stay (notes come as their own event).
    const kept = existing && !existing.locked && existing.notes && !signal.locked && !signal.notes;
    next[index] = kept ? { ...signal, notes: existing.notes } : signal;
    return next;
  }
  const oldest = list[list.length - 1];
  if (list.length >= window && oldest && byNewest(signal, oldest) > 0) return [...list];
  return normalizeSignals([signal, ...list], window);
}

/** Appends a pushed follow-up note to its signal (once), when the list holds that signal in full. */
export function appendNote(list: readonly TSignalView[], note: TSignalNote): TSignalView[] {
  const index = list.findIndex((s) => s.id === note.signalId);
  const signal = list[index];
  if (!signal || signal.locked) return [...list];
  const notes = signal.notes ?? [];
  if (notes.some((n) => n.id === note.id)) return [...list];
  const next = [...list];
  next[index] = { ...signal, notes: [...notes, note] };
  return next;
}

/** The signal shown as the current one: the newest, only when it is a full signal still active. */
export function currentSignal(list: readonly TSignalView[]): Extract<TSignalView, { locked: false }> | null {
  const newest = list[0];
  return newest && !newest.locked && newest.status === 'active' ? newest : null;
}

/**
 * The newest signal when it is a locked teaser still within its window: a signal is active now, but past
 * the member's daily allowance, so the room says so instead of "no signal is active".
 */
export function activeLockedSignal(list: readonly TSignalView[], now: number): TLockedSignal | null {
  const newest = list[0];
  return newest?.locked && Date.parse(newest.expiresAt) > now ? newest : null;
}

/** Top pair from statistics: the asset with the most resolved signals (ties: more wins). Null without data. */
export function topPair(stats: TPerformanceStats | null): string | null {
  if (!stats || stats.empty || stats.byAsset.length === 0) return null;
  const best = [...stats.byAsset].sort((a, b) => b.total - a.total || b.won - a.won)[0];
  return best && best.total > 0 ? best.asset : null;
}
