import { describe, expect, it } from 'vitest';
import { fallbackStore, MemoryCounters } from './rate-limit-store.js';

describe('MemoryCounters', () => {
  it('counts within a window and starts over after it', () => {
    const counters = new MemoryCounters();
    expect(counters.hit('k', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counters.hit('k', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counters.hit('k', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('forgets the oldest keys past its bound', () => {
    const counters = new MemoryCounters(2);
    counters.hit('a', 1000, 0);
    counters.hit('a', 1000, 0);
    counters.hit('b', 1000, 0);
    counters.hit('c', 1000, 0);
    expect(counters.hit('a', 1000, 1).current).toBe(1);
  });
});

describe('fallbackStore without Redis', () => {
  it('counts in memory', async () => {
    const Store = fallbackStore(null, 'x:');
    const store = new Store({});
    const hit = () =>
      new Promise<number>((resolve, reject) =>
        store.incr('ip', (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)), 60_000, 5),
      );
    expect(await hit()).toBe(1);
    expect(await hit()).toBe(2);
  });
});
