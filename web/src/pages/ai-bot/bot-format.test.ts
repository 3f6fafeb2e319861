import { describe, expect, it } from 'vitest';
import { formatPnl, formatSignedPercent } from './bot-format.js';

describe('bot figures', () => {
  it('gives P&L its sign and cents', () => {
    expect(formatPnl(60)).toBe('+$60.00');
    expect(formatPnl(-300)).toBe('-$300.00');
    expect(formatPnl(0)).toBe('$0.00');
  });
  it('shows a dash for a rate not yet known', () => {
    expect(formatSignedPercent(null)).toBe('–');
    expect(formatSignedPercent(12.345)).toBe('+12.3%');
  });
});
