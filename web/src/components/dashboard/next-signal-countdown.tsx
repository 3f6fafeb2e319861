import { formatMinutesSeconds, nextSignalBoundary } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { useMarketStatus } from '../../stores/market-status.store.js';
import { useClock } from '../clock/use-clock.js';
import styles from './next-signal-countdown.module.css';
import { formatZoneDateTime } from './signal-format.js';

/**
 * mm:ss to the next 5-minute boundary, when the engine issues the next signal; 'Loading...' before the
 * first tick; the target is recomputed once it passes (signals come on those boundaries).
 */
export function useNextSignalCountdown(): string {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let target = nextSignalBoundary(new Date());
    const tick = () => {
      const now = new Date();
      if (now.getTime() >= target.getTime()) target = nextSignalBoundary(now);
      setText(formatMinutesSeconds(target.getTime() - now.getTime()));
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  return text ?? 'Loading...';
}

/**
 * The countdown with its label, for panels; while the feed's market is closed, "Market closed, next signal"
 * with the first slot after it reopens (no countdown to a signal that will not come).
 */
export function NextSignalCountdown({ label = 'Next signal in' }: { label?: string }) {
  const text = useNextSignalCountdown();
  const market = useMarketStatus();
  const { timeZone } = useClock();
  if (market && !market.open) {
    const when = market.nextSignalAt ? formatZoneDateTime(market.nextSignalAt, timeZone) : 'when it reopens';
    return (
      <div className={styles.nextSignal} data-testid="next-signal-countdown">
        <span className={styles.nextSignalTime} data-testid="market-closed">
          Market closed, next signal {when}
        </span>
      </div>
    );
  }
  return (
    <div className={styles.nextSignal} data-testid="next-signal-countdown">
      <span className={styles.nextSignalLabel}>{label}</span>
      <span className={styles.nextSignalTime}>{text}</span>
    </div>
  );
}
