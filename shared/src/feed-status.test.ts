import { describe, expect, it } from 'vitest';
import { feedStatus, LIVE_CLAIM_MARGIN_MS } from './feed-status.js';

const FIVE_MIN = 300_000;
const now = new Date('2026-11-24T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('feedStatus', () => {
  it('says simulated whenever the simulated market feeds the engine, however recent the signal', () => {
    expect(feedStatus({ marketSource: 'simulated', lastSignalAt: ago(1000), intervalMs: FIVE_MIN, now })).toBe(
      'simulated',
    );
  });

  it('claims live only with a real feed and a signal within the last slot plus the margin', () => {
    expect(feedStatus({ marketSource: 'feed', lastSignalAt: ago(FIVE_MIN), intervalMs: FIVE_MIN, now })).toBe('live');
    expect(
      feedStatus({
        marketSource: 'feed',
        lastSignalAt: ago(FIVE_MIN + LIVE_CLAIM_MARGIN_MS),
        intervalMs: FIVE_MIN,
        now,
      }),
    ).toBe('live');
    expect(
      feedStatus({
        marketSource: 'feed',
        lastSignalAt: ago(FIVE_MIN + LIVE_CLAIM_MARGIN_MS + 1),
        intervalMs: FIVE_MIN,
        now,
      }),
    ).toBe('quiet');
    expect(feedStatus({ marketSource: 'feed', lastSignalAt: null, intervalMs: FIVE_MIN, now })).toBe('quiet');
  });

  it('claims nothing before the settings are known', () => {
    expect(feedStatus({ marketSource: undefined, lastSignalAt: ago(0), intervalMs: FIVE_MIN, now })).toBe('unknown');
  });
});
