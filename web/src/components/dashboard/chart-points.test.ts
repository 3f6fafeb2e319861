import { describe, expect, it } from 'vitest';
import { onePointPerTime } from './chart-points.js';

describe('onePointPerTime', () => {
  it('keeps the last point given for a time and orders the times', () => {
    const points = [
      { time: 10, value: 1 },
      { time: 11, value: 2 },
      { time: 11, value: 3 },
      { time: 9, value: 4 },
    ];
    expect(onePointPerTime(points)).toEqual([
      { time: 9, value: 4 },
      { time: 10, value: 1 },
      { time: 11, value: 3 },
    ]);
  });

  it('leaves points already one per time as they are', () => {
    const points = [
      { time: 1, value: 1 },
      { time: 2, value: 2 },
    ];
    expect(onePointPerTime(points)).toEqual(points);
  });
});
