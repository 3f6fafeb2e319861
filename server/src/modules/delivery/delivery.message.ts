import type { TSignal } from '@signalroom/shared';
import type { AppConfig } from '../../config.js';

/** What every channel says about a signal: a title and plain lines (each channel formats them). */
export interface SignalMessage {
  title: string;
  lines: string[];
  /** Where the member sees it in the room. */
  path: string;
}

/** The signal as a member entitled to it sees it, in the operator's time zone. */
export function signalMessage(
  signal: TSignal,
  config: Pick<AppConfig, 'TIME_ZONE' | 'TIME_ZONE_LABEL' | 'PRODUCT_NAME'>,
): SignalMessage {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: config.TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(signal.expiresAt));
  const simulated = signal.source === 'simulated' ? ' (simulated market)' : '';
  return {
    title: `${signal.signalType.toUpperCase()} ${signal.asset}: ${signal.direction}`,
    lines: [
      `${signal.direction} ${signal.asset} at ${signal.entryPrice}${simulated}`,
      `Confidence ${signal.confidence}%`,
      `Primary window closes at ${time} ${config.TIME_ZONE_LABEL}`,
    ],
    path: '/dashboard/signals',
  };
}
