import { PAGES, type TSignal, type TSignalRecordRef } from '@signalroom/shared';
import type { AppConfig } from '../../config.js';

/** What every channel says about a signal: a title and plain lines (each channel formats them). */
export interface SignalMessage {
  title: string;
  lines: string[];
  /** Where the member sees it in the room. */
  path: string;
  /**
   * The track record entry that issued the signal, committed before it was sent: every channel carries
   * its hash (as a line of text here; a structured channel such as a webhook sends this field as is),
   * so a member can prove what they were sent against the public record.
   */
  record: TSignalRecordRef | null;
}

/** The line every channel shows for the record entry. */
export function recordLine(record: TSignalRecordRef): string {
  return `Track record entry #${record.seq}: ${record.hash}`;
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
      ...(signal.record ? [recordLine(signal.record)] : []),
    ],
    path: PAGES.signals.path,
    record: signal.record ?? null,
  };
}
