import type { TCalibrationRow, TGoldSignal, TStoredBacktest } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { ignoreAbort } from '../../api/client.js';
import { fetchBacktest, fetchCalibration, fetchGoldSignals } from '../../api/gold.api.js';
import { useLiveSignals } from '../../stores/live-signals.context.js';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * The Gold Room's analyses and calibration, read again whenever a signal is issued or resolves (the
 * live store's signals or statistics change), so the tables follow the engine; and the last backtest.
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
  useEffect(() => {
    const controller = new AbortController();
    fetchGoldSignals(controller.signal).then(
      (r) => {
        if (r.ok) setAnalyses({ status: 'ready', data: r.data });
        else if (r.status !== 'unauthorized') setAnalyses({ status: 'error', message: r.message });
      },
      // Aborted: the page left or asked again; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [signalKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: statsKey names the moment to read again
  useEffect(() => {
    const controller = new AbortController();
    fetchCalibration(controller.signal).then(
      (r) => {
        if (r.ok) setCalibration({ status: 'ready', data: r.data });
        else if (r.status !== 'unauthorized') setCalibration({ status: 'error', message: r.message });
      },
      // Aborted: the page left or asked again; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [statsKey]);

  // The backtest changes once a day: read when the page opens.
  useEffect(() => {
    const controller = new AbortController();
    fetchBacktest(controller.signal).then(
      (r) => {
        if (r.ok) setBacktest({ status: 'ready', data: r.data });
        else if (r.status !== 'unauthorized') setBacktest({ status: 'error', message: r.message });
      },
      // Aborted: the page left; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, []);

  return { analyses, calibration, backtest };
}
