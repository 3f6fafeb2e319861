import { z } from 'zod';

/**
 * A signal's direction, and the two other spellings the product shows for it. A signal says CALL (the
 * price closes higher) or PUT (lower); its `signalType` says the same as buy or sell, and a paper trade
 * placed on it is a BUY or a SELL. The spellings stay because members and clients read all three; this
 * is the one place they are translated.
 */
export const DIRECTIONS = ['CALL', 'PUT'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const ZDirection = z.enum(DIRECTIONS);

export const SIGNAL_TYPES = ['buy', 'sell'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

export const TRADE_SIDES = ['BUY', 'SELL'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

export function directionOf(signalType: SignalType): Direction {
  return signalType === 'buy' ? 'CALL' : 'PUT';
}

export function signalTypeOf(direction: Direction): SignalType {
  return direction === 'CALL' ? 'buy' : 'sell';
}

/** The side of a trade placed on a signal: BUY for CALL, SELL for PUT. */
export function tradeSideOf(direction: Direction): TradeSide {
  return direction === 'CALL' ? 'BUY' : 'SELL';
}
