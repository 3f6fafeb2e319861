/**
 * What the dashboard may claim about the signal feed (docs/decisions.md, "Claims only while true"):
 * `simulated` while the built-in simulated market feeds the engine; `live` only with a real feed AND a
 * signal issued within the last slot plus a margin; `quiet` with a real feed but no recent signal;
 * `unknown` while the settings are loading.
 */
export type FeedStatus = 'simulated' | 'live' | 'quiet' | 'unknown';

/** Slack after a slot for the signal to be written and pushed before the room stops counting as live. */
export const LIVE_CLAIM_MARGIN_MS = 60_000;

export function feedStatus(input: {
  marketSource: string | undefined;
  lastSignalAt: string | null | undefined;
  intervalMs: number;
  now: Date;
}): FeedStatus {
  if (!input.marketSource) return 'unknown';
  if (input.marketSource === 'simulated') return 'simulated';
  const last = input.lastSignalAt ? Date.parse(input.lastSignalAt) : Number.NaN;
  if (!Number.isFinite(last)) return 'quiet';
  return input.now.getTime() - last <= input.intervalMs + LIVE_CLAIM_MARGIN_MS ? 'live' : 'quiet';
}
