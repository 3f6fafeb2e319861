import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate, linearScale, linePath } from './chart-scale.js';

describe('chart helpers', () => {
  it('scales linearly, inverted for SVG y, and centres a flat domain', () => {
    const y = linearScale(0, 100, 200, 0);
    expect(y(25)).toBe(150);
    expect(linearScale(5, 5, 0, 10)(5)).toBe(5);
  });

  it('draws a path through points', () => {
    expect(
      linePath([
        { x: 0, y: 1 },
        { x: 2.5, y: 3.333 },
      ]),
    ).toBe('M0.00 1.00 L2.50 3.33');
  });

  it('writes a rate with its interval, and none before any signal', () => {
    expect(formatRate({ percent: 70, low: 39.7, high: 89.2 })).toBe('70% (95% CI 39.7–89.2%)');
    expect(formatRate({ percent: null, low: null, high: null })).toBe('No resolved signals');
  });

  it('writes plan results with their sign', () => {
    expect(formatMoney(8)).toBe('+$8.00');
    expect(formatMoney(-150)).toBe('-$150.00');
    expect(formatMoney(0)).toBe('$0.00');
  });
});
