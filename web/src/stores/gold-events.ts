import type { StreamPrice, TPaperTrade } from '@signalroom/shared';
import { channel } from './support-events.js';

/** What the bot page hears: one of the member's paper trades opened or closed, or the socket reconnected. */
export type BotTradeEvent = { type: 'trade'; trade: TPaperTrade } | { type: 'resync' };

/**
 * What the platinum stream hears: a price of the joined asset; the server took the socket out of the
 * stream (gold access lost); or the socket reconnected (rooms are gone: join again).
 */
export type StreamEvent =
  | { type: 'price'; price: StreamPrice }
  | { type: 'stopped'; asset: string }
  | { type: 'resync' };

export const botTradeEvents = channel<BotTradeEvent>();
export const streamEvents = channel<StreamEvent>();
