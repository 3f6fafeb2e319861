import type { TCalibrationRow, TGoldSignal, TStoredBacktest } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { type ApiOutcome, ignoreAbort } from '../../api/client.js';
import { useLiveSignals } from '../../stores/live-signals.context.js';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Reads one of the room's calls into its state; the returned cleanup aborts it (the page left or asks again). */
function readInto<T>(read: (signal: AbortSignal) => Promise<ApiOutcome<T>>, set: (state: Loaded<T>) => void) {
  const controller = new AbortController();
  read(controller.signal).then(
    (r) => {
      if (r.ok) set({ status: 'ready', data: r.data });
      else if (r.status !== 'unauthorized') set({ status: 'error', message: r.message });
    },
    // Aborted: the page left or asked again; anything else is logged.
    ignoreAbort,
  );
  return () => controller.abort();
}

/**
 * The Gold Room's analyses and calibration, read again whenever a signal is issued or resolves (the
 * live store's signals or statistics change), so the tables follow the engine; and the last backtest,
 * read when the page opens (it changes once a day).
 */
export function useGoldRoom() {
  const signals = useLiveSignals((s) => s.signals);
  const stats = useLiveSignals((s) => s.stats);
  const [analyses, setAnalyses] = useState<Loaded<TGoldSignal[]>>({ status: 'loading' });
  const [calibration, setCalibration] = useState<Loaded<TCalibrationRow[]>>({ status: 'loading' });
  const [backtest, setBacktest] = useState<Loaded<TStoredBacktest | null>>({ status: 'loading' });
  const newest = signals[0];
  const signalKey = newest ? `${newest.id}:${newest.locked ? '' : newest.status}` : '';
  const statsKey = stats ? `${stats.totalSignals}:${stats.wonSignals}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: signalKey names the moment to read again
  useEffect(() => readInto((signal) => api.gold.signals({ signal }), setAnalyses), [signalKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: statsKey names the moment to read again
  useEffect(() => readInto((signal) => api.gold.calibration({ signal }), setCalibration), [statsKey]);
  useEffect(() => readInto((signal) => api.gold.backtest({ signal }), setBacktest), []);

  return { analyses, calibration, backtest };
}
