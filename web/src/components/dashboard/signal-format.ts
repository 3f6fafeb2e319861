import { signalResultLabel, type TradeSide, type TSignal, tradeSideOf } from '@signalroom/shared';

/** Status labels as members read them. */
export const STATUS_LABELS: Record<TSignal['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  closed: 'Closed',
  hit_tp: 'Hit TP',
  hit_sl: 'Hit SL',
  void: 'Void',
};

/** Outcome labels: profit, loss, anything else breakeven; none while open. */
export function outcomeLabel(outcome: TSignal['outcome']): string | null {
  if (outcome === null) return null;
  if (outcome === 'profit') return 'Profit';
  if (outcome === 'loss') return 'Loss';
  return 'Breakeven';
}

/**
 * What became of a signal with the level it took ("Won in first window", "Won at L1", "Lost after L3"):
 * a martingale recovery is never shown as a plain win.
 */
export function resultLabel(signal: TSignal): string {
  return signalResultLabel(signal);
}

/** BUY for CALL, SELL for PUT. */
export function tradeLabel(direction: TSignal['direction']): TradeSide {
  return tradeSideOf(direction);
}

/** A time of day in the operator's zone, e.g. "14:05:00". */
export function formatClock(at: Date | string, timeZone: string | undefined, withSeconds = true): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hour12: false,
  }).format(date);
}

/** Prices to 5 decimals (stop loss, take profit, entry). */
export function formatPrice(value: number): string {
  return value.toFixed(5);
}

/** A time of day with the operator's zone named, e.g. "14:05 West Africa Time". */
export function formatZoneTime(at: Date | string, timeZone: string | undefined, zoneLabel: string | undefined): string {
  const clock = formatClock(at, timeZone, false);
  return zoneLabel ? `${clock} ${zoneLabel}` : clock;
}

/** A moment with its date and the operator's zone named, e.g. "Wed 25 Nov, 06:08 West Africa Time". */
export function formatZoneDateTime(
  at: Date | string,
  timeZone: string | undefined,
  zoneLabel: string | undefined,
): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
    date,
  );
  return `${day}, ${formatZoneTime(date, timeZone, zoneLabel)}`;
}
