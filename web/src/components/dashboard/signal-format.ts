import { formatMoment, signalResultLabel, type TradeSide, type TSignal, tradeSideOf } from '@signalroom/shared';
import { browserTimeZone } from '../clock/use-clock.js';

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

/**
 * A moment of a signal in the reader's zone ("14:05:07", "27 Nov, 14:05:07" on another day): the one
 * clock of shared/src/clock.ts. `timeZone` is the reader's (useClock), the browser's when absent.
 */
export function formatClock(at: Date | string, timeZone: string | undefined, withSeconds = true): string {
  return formatMoment(at, { timeZone: timeZone ?? browserTimeZone(), seconds: withSeconds });
}

/** Prices to 5 decimals (stop loss, take profit, entry). */
export function formatPrice(value: number): string {
  return value.toFixed(5);
}

/** A moment standing alone in a sentence, with the zone named: "14:05 GMT+1", "27 Nov, 14:05 GMT+1". */
export function formatZoneTime(at: Date | string, timeZone: string | undefined): string {
  return formatMoment(at, { timeZone: timeZone ?? browserTimeZone(), zoneName: true });
}

/** The same, always with its date: "28 Nov, 06:08 GMT+1" (a deadline, the end of a trial). */
export function formatZoneDateTime(at: Date | string, timeZone: string | undefined): string {
  return formatMoment(at, { timeZone: timeZone ?? browserTimeZone(), zoneName: true, withDate: true });
}
