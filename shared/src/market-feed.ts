import { z } from 'zod';
import { ZInstant } from './iso-date.js';

/**
 * Where prices come from, as every page names it. A feed's id is stored with each signal (and in its
 * track-record entry): 'simulated' (the built-in simulated market), 'oanda:practice' or 'oanda:live'
 * (OANDA v20), 'ccxt:<exchange id>' (a crypto exchange through ccxt), 'http' (the generic JSON contract).
 * Signals written before ids were exact carry 'feed' for the HTTP contract.
 */
export const SIMULATED_FEED_ID = 'simulated';

/** Exchange names ccxt spells other than with a capital first letter. */
const EXCHANGE_NAMES: Record<string, string> = {
  okx: 'OKX',
  htx: 'HTX',
  kucoin: 'KuCoin',
  bitmex: 'BitMEX',
  coinbase: 'Coinbase',
  cryptocom: 'Crypto.com',
  gateio: 'Gate.io',
  mexc: 'MEXC',
};

/** How a feed is named to people: "OANDA (practice)", "Binance via ccxt", "Simulated market". */
export function marketFeedLabel(id: string): string {
  if (id === SIMULATED_FEED_ID) return 'Simulated market';
  if (id === 'oanda:practice') return 'OANDA (practice)';
  if (id === 'oanda:live') return 'OANDA (live)';
  if (id === 'http' || id === 'feed') return 'HTTP market feed';
  if (id.startsWith('ccxt:')) {
    const exchange = id.slice('ccxt:'.length);
    const name = EXCHANGE_NAMES[exchange] ?? exchange.charAt(0).toUpperCase() + exchange.slice(1);
    return `${name} via ccxt`;
  }
  return id;
}

/** A feed's id and name, as the public configuration and the market status carry them. */
export const ZMarketFeedInfo = /* @__PURE__ */ z.object({ id: z.string(), label: z.string() });
export type TMarketFeedInfo = z.infer<typeof ZMarketFeedInfo>;

/** Whether one instrument can be traded now, and if not, why and when it opens again (null: unknown). */
export const ZInstrumentState = /* @__PURE__ */ z.object({
  asset: z.string(),
  open: z.boolean(),
  nextOpenAt: ZInstant.nullable(),
  reason: z.string().nullable(),
});
export type TInstrumentState = z.infer<typeof ZInstrumentState>;

/**
 * The market the engine trades, now: open while any configured instrument is; closed, the first time
 * one of them opens again and the first slot from then on (when the next signal can be issued).
 */
export const ZMarketStatus = /* @__PURE__ */ z.object({
  feed: ZMarketFeedInfo,
  open: z.boolean(),
  nextOpenAt: ZInstant.nullable(),
  nextSignalAt: ZInstant.nullable(),
  instruments: z.array(ZInstrumentState),
});
export type TMarketStatus = z.infer<typeof ZMarketStatus>;

/** The market status from each instrument's state: open if any is, else the earliest known reopening. */
export function marketStatusOf(
  feed: TMarketFeedInfo,
  instruments: TInstrumentState[],
  intervalMs: number,
): TMarketStatus {
  const open = instruments.some((i) => i.open);
  const reopenings = instruments
    .map((i) => i.nextOpenAt)
    .filter((t): t is string => t !== null)
    .sort();
  const nextOpenAt = open ? null : (reopenings[0] ?? null);
  const nextSignalAt =
    nextOpenAt === null ? null : new Date(Math.ceil(Date.parse(nextOpenAt) / intervalMs) * intervalMs).toISOString();
  return { feed, open, nextOpenAt, nextSignalAt, instruments };
}

const FX_ZONE = 'America/New_York';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
let zoneParts: Intl.DateTimeFormat | null = null;
const zoneOptions: Intl.DateTimeFormatOptions = {
  timeZone: FX_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

function newYork(at: number) {
  zoneParts ??= new Intl.DateTimeFormat('en-US', zoneOptions);
  const parts = Object.fromEntries(zoneParts.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour),
    local,
    offset: local - (at - (at % 1000)),
  };
}

/** The instant a New York wall-clock time (given as if it were UTC) happens, daylight saving included. */
function fromNewYork(localMs: number): number {
  let guess = localMs - newYork(localMs).offset;
  guess = localMs - newYork(guess).offset;
  return guess;
}

/**
 * The spot FX week (and OANDA's metals with it): the market closes on Friday at 17:00 New York time and
 * opens again on Sunday at 17:00 New York time. Outside that, a provider may still call an instrument not
 * tradeable (a holiday, a daily break): the feed asks it.
 */
export function fxWeekendClosure(at: Date): { open: true } | { open: false; nextOpenAt: Date } {
  const ny = newYork(at.getTime());
  const closed = (ny.weekday === 5 && ny.hour >= 17) || ny.weekday === 6 || (ny.weekday === 0 && ny.hour < 17);
  if (!closed) return { open: true };
  const daysToSunday = (7 - ny.weekday) % 7;
  const day = new Date(ny.local);
  const sundayOpen = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + daysToSunday, 17);
  return { open: false, nextOpenAt: new Date(fromNewYork(sundayOpen)) };
}
