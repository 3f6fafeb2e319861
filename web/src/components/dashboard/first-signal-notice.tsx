import { nextSignalBoundary, TIMING } from '@signalroom/shared';
import { useMarketStatus } from '../../stores/market-status.store.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useClock } from '../clock/use-clock.js';
import pageStyles from './dashboard-page.module.css';
import { formatZoneDateTime, formatZoneTime } from './signal-format.js';
import { useNow } from './use-now.js';

/**
 * What an empty room says instead of nothing (a fresh install waits up to one slot for its first
 * signal): the exact time of the next signal in the member's zone and what will appear. In the trial
 * it also says when that signal shows here: once its window has closed, one slot later. While the real
 * feed's market is closed it says so, and when it reopens if the provider tells.
 */
export function FirstSignalNotice({ delayed = false }: { delayed?: boolean }) {
  const config = usePublicConfigStore((s) => s.config);
  const { timeZone } = useClock();
  const now = useNow();
  const market = useMarketStatus();
  const intervalMs = config?.signalIntervalMs ?? TIMING.signalIntervalMs;
  if (market && !market.open) {
    const reopens = market.nextSignalAt ? `, at ${formatZoneDateTime(market.nextSignalAt, timeZone)}` : '';
    return (
      <p className={pageStyles.muted} data-testid="first-signal-notice">
        The market is closed: the next signal will be issued once it reopens{reopens}.
      </p>
    );
  }
  const at = nextSignalBoundary(now, intervalMs);
  const issued = formatZoneTime(at, timeZone);
  if (delayed) {
    const shown = formatZoneTime(new Date(at.getTime() + intervalMs), timeZone);
    return (
      <p className={pageStyles.muted} data-testid="first-signal-notice">
        The next signal will be issued at {issued} and will appear here at {shown}, once its 5-minute window has closed:
        asset, direction, confidence and its result.
      </p>
    );
  }
  return (
    <p className={pageStyles.muted} data-testid="first-signal-notice">
      The first signal will be issued at {issued}: asset, direction, confidence and its martingale plan.
    </p>
  );
}
