import { describe, expect, it } from 'vitest';
import { createQuorumIndex, witnessVerdict } from './witnessing.js';

describe('createQuorumIndex', () => {
  it('bounds an entry by the earliest quorum checkpoint that holds it, whatever their order', () => {
    const index = createQuorumIndex([
      { size: 10, at: 5_000 },
      { size: 4, at: 3_000 },
      // A later checkpoint cosigned sooner (witness clocks differ): it bounds every entry it holds.
      { size: 12, at: 4_000 },
    ]);
    expect(index.witnessedAt(1)).toBe(3_000);
    expect(index.witnessedAt(4)).toBe(3_000);
    expect(index.witnessedAt(5)).toBe(4_000);
    expect(index.witnessedAt(12)).toBe(4_000);
    expect(index.witnessedAt(13)).toBeNull();
    expect(index.latest()).toEqual({ size: 10, at: 5_000 });
  });

  it('has nothing to say before any quorum cosigned', () => {
    const index = createQuorumIndex([]);
    expect(index.witnessedAt(1)).toBeNull();
    expect(index.latest()).toBeNull();
  });
});

describe('witnessVerdict', () => {
  const base = { windowStart: 1_000_000, maxMergeDelayMs: 60_000 };
  it('counts a signal witnessed within the merge delay of its window opening, to the millisecond', () => {
    expect(witnessVerdict({ ...base, witnessedAt: 1_060_000, now: 2_000_000 })).toBe('in-time');
    expect(witnessVerdict({ ...base, witnessedAt: 1_060_001, now: 2_000_000 })).toBe('late');
  });

  it('awaits a witness until the delay has passed, then calls the signal unwitnessed', () => {
    expect(witnessVerdict({ ...base, witnessedAt: null, now: 1_030_000 })).toBe('awaiting');
    expect(witnessVerdict({ ...base, witnessedAt: null, now: 1_060_001 })).toBe('unwitnessed');
  });
});
