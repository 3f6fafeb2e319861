import { SIGNAL_ASSETS, type TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { type ChartMarker, LineChart } from '../../components/dashboard/line-chart.js';
import { pricePrecision } from '../../components/dashboard/signal-chart.js';
import { formatClock, formatPrice, tradeLabel } from '../../components/dashboard/signal-format.js';
import { usePriceStream } from '../../components/dashboard/use-price-stream.js';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import styles from './platinum-stream.module.css';

// Theme tokens: the chart reads their colours in the current theme.
const ENTRY = 'var(--accent)';
const EXPIRY = 'var(--gold)';

/**
 * The live price chart of one asset, one point a second from the feed, with the current signal's entry
 * (price line and marker) and expiry (marker once reached, and in words) when it is on this asset. The
 * chart opens on the current signal's instrument and follows each new signal; the picker shows another.
 */
export function PriceChartPanel({ current }: { current: TSignal | null }) {
  // The configured instruments (the simulated list until the settings have loaded).
  const configured: readonly string[] = usePublicConfigStore((s) => s.config?.assets) ?? SIGNAL_ASSETS;
  // The member's own pick holds while the same signal is current; a new signal brings its instrument.
  const [choice, setChoice] = useState<{ asset: string; signalId: string | null } | null>(null);
  const signalId = current?.id ?? null;
  const asset =
    choice && choice.signalId === signalId ? choice.asset : (current?.asset ?? configured[0] ?? SIGNAL_ASSETS[0]);
  const assets = configured.includes(asset) ? configured : [asset, ...configured];
  const { points, status } = usePriceStream(asset);
  const { timeZone } = useClock();
  const signal = current?.asset === asset ? current : null;
  const last = points[points.length - 1];

  const priceLines = useMemo(
    () => (signal ? [{ price: signal.entryPrice, title: 'Entry', color: ENTRY }] : []),
    [signal],
  );
  const entryTime = signal ? Math.floor(Date.parse(signal.createdAt) / 1000) : null;
  const expiryTime = signal ? Math.floor(Date.parse(signal.expiresAt) / 1000) : null;
  const first = points[0]?.time ?? Number.POSITIVE_INFINITY;
  const lastTime = last?.time ?? 0;
  const markers = useMemo(() => {
    const list: ChartMarker[] = [];
    if (entryTime !== null && entryTime >= first && entryTime <= lastTime) {
      list.push({ time: entryTime, text: 'Entry', color: ENTRY });
    }
    if (expiryTime !== null && expiryTime >= first && expiryTime <= lastTime) {
      list.push({ time: expiryTime, text: 'Expiry', color: EXPIRY });
    }
    return list;
  }, [entryTime, expiryTime, first, lastTime]);

  const precision = pricePrecision(asset);
  return (
    <section className={panelStyles.panel} aria-labelledby="price-chart-title">
      <div className={styles.chartHead}>
        <h2 id="price-chart-title">Live price</h2>
        <div className={formStyles.field}>
          <label htmlFor="stream-asset" className={pageStyles.small}>
            Asset
          </label>
          <select
            id="stream-asset"
            className={formStyles.select}
            value={asset}
            onChange={(e) => setChoice({ asset: e.target.value, signalId })}
          >
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={pageStyles.muted} role="status" data-testid="stream-status">
        {status.state === 'joining' && 'Connecting to the stream...'}
        {status.state === 'live' &&
          (last
            ? `Live: ${asset} ${formatPrice(last.value)} at ${formatClock(new Date(last.time * 1000), timeZone)}`
            : 'Live: waiting for the first price...')}
        {status.state === 'refused' && status.message}
        {status.state === 'stopped' && 'The stream has stopped: your account no longer includes it.'}
      </p>
      {signal ? (
        <p className={clsx(pageStyles.small, styles.signalLine)} data-testid="stream-signal">
          Current signal: {signal.direction} · {tradeLabel(signal.direction)} at {formatPrice(signal.entryPrice)}, entry{' '}
          {formatClock(signal.createdAt, timeZone)}, expiry {formatClock(signal.expiresAt, timeZone)}
        </p>
      ) : (
        <p className={clsx(pageStyles.small, pageStyles.muted)}>
          {current ? `The current signal is on ${current.asset}.` : 'No signal is active right now.'}
        </p>
      )}
      <LineChart
        points={points}
        label={`Live price of ${asset}`}
        precision={precision}
        priceLines={priceLines}
        markers={markers}
        timeZone={timeZone}
        testId="price-chart"
      />
    </section>
  );
}
