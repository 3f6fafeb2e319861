import {
  type SignalTier,
  signalViewFor,
  type TierDailyLimits,
  type TSignal,
  type TSignalView,
  type TStreamMessage,
} from '@signalroom/shared';

/**
 * One encoded frame per tier view: every client of that view is sent the same bytes. A Buffer, not a
 * string: `ws` would otherwise convert the string to bytes again for each client.
 */
export type TierFrames = Map<SignalTier, Buffer>;

/** A message as the bytes of one text frame. */
export function encodeMessage(message: TStreamMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

/**
 * Encodes a signal's message once for each tier that has a client: the tier's view (a locked teaser
 * past its daily allowance), serialised once, however many clients share it.
 */
export function encodeForTiers(
  clients: Iterable<{ tier: SignalTier }>,
  messageOf: (view: TSignalView) => TStreamMessage,
  signal: TSignal,
  limits: TierDailyLimits,
): TierFrames {
  const frames: TierFrames = new Map();
  for (const { tier } of clients) {
    if (!frames.has(tier)) frames.set(tier, encodeMessage(messageOf(signalViewFor(signal, tier, limits))));
  }
  return frames;
}
