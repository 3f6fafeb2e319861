import { STREAM_ROOM_PREFIX, type StreamPrice } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';

/** How much of each asset's price history a process keeps for a chart that opens (seconds at one a second). */
export const STREAM_HISTORY = 300;

export interface StreamPrices {
  /** The prices this process heard, oldest first. */
  history(asset: string): StreamPrice[];
  /** Called for each tick (the relay emits them to the stream rooms). */
  onTick(listener: (prices: StreamPrice[]) => void): () => void;
}

const byContext = new WeakMap<ServerContext, StreamPrices>();

/**
 * The platinum stream's prices as this server process hears them on the bus (`price:tick` from the
 * worker). Every process hears every tick, so each keeps the same recent history: the chart's REST call
 * and the socket's join answer read it, whichever process serves them.
 */
export function streamPricesFor(ctx: ServerContext): StreamPrices {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const buffers = new Map<string, StreamPrice[]>();
  const listeners = new Set<(prices: StreamPrice[]) => void>();
  ctx.bus.subscribe((event) => {
    if (event.type !== 'price:tick') return;
    const time = Date.parse(event.at);
    const ticks = Object.entries(event.prices).map(([asset, price]) => ({ asset, time, price }));
    for (const tick of ticks) {
      const buffer = buffers.get(tick.asset) ?? [];
      const last = buffer[buffer.length - 1];
      // A duplicate or late tick (two publishers during a lease hand-over) would break the chart's order.
      if (last && last.time >= tick.time) continue;
      buffer.push(tick);
      if (buffer.length > STREAM_HISTORY) buffer.shift();
      buffers.set(tick.asset, buffer);
    }
    for (const listener of listeners) listener(ticks);
  });
  const created: StreamPrices = {
    history: (asset) => [...(buffers.get(asset) ?? [])],
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  byContext.set(ctx, created);
  return created;
}

/** Whether a socket room is a platinum stream room. */
export const isStreamRoom = (room: string) => room.startsWith(STREAM_ROOM_PREFIX);
