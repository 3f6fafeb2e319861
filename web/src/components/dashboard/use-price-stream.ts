import type { StreamPrice } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { streamEvents } from '../../stores/gold-events.js';
import { useLiveSignalsStoreApi } from '../../stores/live-signals.context.js';
import { onePointPerTime } from './chart-points.js';
import type { ChartPoint } from './line-chart.js';

/** Points the chart keeps (ten minutes at one a second). */
const KEEP = 600;

export type StreamStatus =
  | { state: 'joining' }
  | { state: 'live' }
  | { state: 'refused'; message: string }
  | { state: 'stopped' };

const toPoint = (p: StreamPrice): ChartPoint => ({ time: Math.floor(p.time / 1000), value: p.price });

/**
 * An asset's live prices: joins its stream room on the socket (the server admits gold members only and
 * answers with the recent history), then appends each pushed price. A reconnect joins again; the server
 * taking the socket out (gold access lost) stops the stream at once. A null asset joins nothing (a
 * member without the stream).
 */
export function usePriceStream(asset: string | null) {
  const live = useLiveSignalsStoreApi();
  const [points, setPoints] = useState<ChartPoint[]>([]);
  const [status, setStatus] = useState<StreamStatus>({ state: 'joining' });

  useEffect(() => {
    setPoints([]);
    if (asset === null) {
      setStatus({ state: 'stopped' });
      return;
    }
    let current = true;
    const join = () => {
      setStatus({ state: 'joining' });
      void live
        .getState()
        .joinStream(asset)
        .then((answer) => {
          if (!current) return;
          if (!answer.ok) return setStatus({ state: 'refused', message: answer.message });
          setPoints(onePointPerTime(answer.history.map(toPoint)).slice(-KEEP));
          setStatus({ state: 'live' });
        });
    };
    join();
    const stop = streamEvents.listen((event) => {
      if (event.type === 'resync') join();
      else if (event.type === 'stopped') setStatus({ state: 'stopped' });
      else if (event.price.asset === asset) {
        const point = toPoint(event.price);
        setPoints((prev) => {
          const last = prev[prev.length - 1];
          if (last && last.time > point.time) return prev;
          // The chart counts whole seconds: a second price in the same second replaces the first.
          if (last && last.time === point.time) return [...prev.slice(0, -1), point];
          return [...prev, point].slice(-KEEP);
        });
      }
    });
    return () => {
      current = false;
      stop();
      live.getState().leaveStream();
    };
  }, [asset, live]);

  return { points, status };
}
