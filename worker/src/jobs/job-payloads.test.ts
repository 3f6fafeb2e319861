import { describe, expect, it } from 'vitest';
import { resolveJobId, slotForRun, ZResolveSignalJob } from './job-payloads.js';

const FIVE_MIN = 300_000;

describe('slotForRun', () => {
  it('maps a run to its boundary when it fires on time or a little late', () => {
    const slot = Date.parse('2026-11-22T10:05:00Z');
    expect(slotForRun(slot, FIVE_MIN)?.toISOString()).toBe('2026-11-22T10:05:00.000Z');
    expect(slotForRun(slot + 2_000, FIVE_MIN)?.toISOString()).toBe('2026-11-22T10:05:00.000Z');
  });

  it('refuses a run that is not on a boundary', () => {
    expect(slotForRun(Date.parse('2026-11-22T10:07:30Z'), FIVE_MIN)).toBeNull();
  });
});

describe('resolve jobs', () => {
  it('have one id per signal and window end', () => {
    const id = '8f14e45f-ceea-467f-a0e6-7a1c3b7b6f0a';
    expect(resolveJobId(id, new Date(1000))).toBe(`resolve-${id}-1000`);
    expect(resolveJobId(id, new Date(1000))).not.toBe(resolveJobId(id, new Date(2000)));
  });
  it('validate their payload', () => {
    expect(ZResolveSignalJob.safeParse({ signalId: 'nope' }).success).toBe(false);
  });
});
