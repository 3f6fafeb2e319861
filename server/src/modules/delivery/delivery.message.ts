import { formatMoment, PAGES, type TSignal, type TSignalRecordRef } from '@signalroom/shared';
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
  /**
   * The signed checkpoint that covered the entry before the signal was sent (a C2SP note), as text
   * channels print it under the message; empty for signals from before checkpoints were notes.
   */
  proof: string[];
}

/** The lines text channels print after the message: the checkpoint that covered the signal's entry. */
export function proofLines(record: TSignalRecordRef | null | undefined): string[] {
  if (!record?.checkpoint) return [];
  return ['Signed checkpoint that covered it before it was sent:', ...record.checkpoint.replace(/\n$/, '').split('\n')];
}

/** The line every channel shows for the record entry. */
export function recordLine(record: TSignalRecordRef): string {
  return `Track record entry #${record.seq}: ${record.hash}`;
}

/**
 * The signal as a member entitled to it sees it, with its time in the member's own zone (the business's
 * until they choose one), written as every screen writes it.
 */
export function signalMessage(
  signal: TSignal,
  reader: { timeZone: string | null },
  config: Pick<AppConfig, 'TIME_ZONE'>,
  now: Date = new Date(),
): SignalMessage {
  const timeZone = reader.timeZone ?? config.TIME_ZONE;
  const time = formatMoment(signal.expiresAt, { timeZone, now, zoneName: true });
  const simulated = signal.source === 'simulated' ? ' (simulated market)' : '';
  return {
    title: `${signal.signalType.toUpperCase()} ${signal.asset}: ${signal.direction}`,
    lines: [
      `${signal.direction} ${signal.asset} at ${signal.entryPrice}${simulated}`,
      `Confidence ${signal.confidence}%`,
      ...(signal.issuedBy ? [`Source: ${signal.issuedBy.label}`] : []),
      `Primary window closes at ${time}`,
      ...(signal.record ? [recordLine(signal.record)] : []),
    ],
    path: PAGES.signals.path,
    record: signal.record ?? null,
    proof: proofLines(signal.record),
  };
}
