import { z } from 'zod';

/**
 * The parts of OANDA's v20 REST answers the feed reads, as OANDA publishes them (the OpenAPI files of
 * its public repository oanda/v20-openapi): prices are decimal strings, times RFC 3339. Fields the feed
 * does not use are let through unchecked.
 */

/** A decimal number encoded as a string (PriceValue, DecimalNumber). */
const ZDecimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);

/** primitives.yaml, definitions/Instrument: what GET /v3/accounts/{accountID}/instruments lists. */
export const ZOandaInstrument = z.looseObject({
  name: z.string(),
  type: z.string(),
  displayName: z.string(),
  /** Decimal places prices are displayed with (EUR_USD 5, USD_JPY 3, XAU_USD 3). */
  displayPrecision: z.number().int().min(0).max(12),
});
export const ZOandaInstrumentsAnswer = z.looseObject({ instruments: z.array(ZOandaInstrument) });

/** instrument.yaml, definitions/CandlestickData. */
const ZCandlestickData = z.object({ o: ZDecimal, h: ZDecimal, l: ZDecimal, c: ZDecimal });

/** instrument.yaml, definitions/Candlestick (asked with price=M: midpoint candles). */
export const ZOandaCandle = z.looseObject({
  time: z.iso.datetime({ offset: true }),
  mid: ZCandlestickData,
  volume: z.number().int(),
  /** False while the candle's time range has not ended. */
  complete: z.boolean(),
});
/** GET /v3/instruments/{instrument}/candles → 200. */
export const ZOandaCandlesAnswer = z.looseObject({
  instrument: z.string(),
  granularity: z.string(),
  candles: z.array(ZOandaCandle),
});

/** pricing_common.yaml, definitions/PriceBucket. */
const ZPriceBucket = z.looseObject({ price: ZDecimal });

/** pricing.yaml, definitions/ClientPrice. */
export const ZOandaClientPrice = z.looseObject({
  instrument: z.string(),
  time: z.iso.datetime({ offset: true }),
  tradeable: z.boolean(),
  bids: z.array(ZPriceBucket),
  asks: z.array(ZPriceBucket),
  closeoutBid: ZDecimal,
  closeoutAsk: ZDecimal,
});
export type TOandaClientPrice = z.infer<typeof ZOandaClientPrice>;
/** GET /v3/accounts/{accountID}/pricing → 200. */
export const ZOandaPricingAnswer = z.looseObject({ prices: z.array(ZOandaClientPrice) });

/** primitives.yaml, responses 400/401/403/404/405: every error answer's body. */
export const ZOandaErrorBody = z.looseObject({ errorCode: z.string().optional(), errorMessage: z.string() });

/** instrument.yaml, definitions/CandlestickGranularity: the fixed-length ones, in milliseconds. */
export const OANDA_GRANULARITIES: ReadonlyArray<readonly [name: string, ms: number]> = [
  ['S5', 5_000],
  ['S10', 10_000],
  ['S15', 15_000],
  ['S30', 30_000],
  ['M1', 60_000],
  ['M2', 120_000],
  ['M4', 240_000],
  ['M5', 300_000],
  ['M10', 600_000],
  ['M15', 900_000],
  ['M30', 1_800_000],
  ['H1', 3_600_000],
];

/**
 * Candles per request: OANDA's developer guide caps `count` at 5000 (the default is 500), and a from/to
 * range may not span more; the feed pages in ranges of this many candles.
 */
export const OANDA_MAX_CANDLES = 5000;
