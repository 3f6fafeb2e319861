import { describe, expect, it } from 'vitest';
import { CandleFileError, parseCandleCsv } from './candle-csv.js';

const refusal = (text: string) => {
  try {
    parseCandleCsv(text);
  } catch (error) {
    if (error instanceof CandleFileError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('parseCandleCsv', () => {
  it('reads ISO 8601 UTC and epoch-millisecond times, an optional volume, comments and blank lines', () => {
    const candles = parseCandleCsv(
      '# generated\ntime,open,high,low,close,volume\n2026-01-05T00:00:00Z,1.1,1.2,1.0,1.15,10\n\n1767571260000,1.15,1.16,1.14,1.14,\n',
    );
    expect(candles).toEqual([
      { time: new Date('2026-01-05T00:00:00Z'), open: 1.1, high: 1.2, low: 1, close: 1.15 },
      { time: new Date('2026-01-05T00:01:00Z'), open: 1.15, high: 1.16, low: 1.14, close: 1.14 },
    ]);
  });

  it('refuses a wrong header on its line', () => {
    expect(refusal('# note\ndate,open,high,low,close\n')).toBe(
      'line 2: the header is "date,open,high,low,close": expected time,open,high,low,close (and optionally volume)',
    );
  });

  it('refuses an unsorted or repeated row with the line that is wrong', () => {
    const head = 'time,open,high,low,close\n2026-01-05T00:01:00Z,1,1,1,1\n';
    expect(refusal(`${head}2026-01-05T00:00:00Z,1,1,1,1\n`)).toBe(
      'line 3: time 2026-01-05T00:00:00.000Z is not after the row before it (rows must be in increasing time)',
    );
    expect(refusal(`${head}\n2026-01-05T00:01:00Z,1,1,1,1\n`)).toMatch(/^line 4: time/);
  });

  it.each([
    [
      '2026-01-05 00:00,1,1,1,1',
      'line 2: time "2026-01-05 00:00" is neither ISO 8601 UTC (2026-01-05T00:00:00Z) nor epoch milliseconds',
    ],
    [
      '2026-01-05T01:00:00+01:00,1,1,1,1',
      'line 2: time "2026-01-05T01:00:00+01:00" is neither ISO 8601 UTC (2026-01-05T00:00:00Z) nor epoch milliseconds',
    ],
    ['2026-01-05T00:00:00Z,1,x,1,1', 'line 2: high "x" is not a positive number'],
    ['2026-01-05T00:00:00Z,1,1,1,-1', 'line 2: close "-1" is not a positive number'],
    ['2026-01-05T00:00:00Z,1,1.1,1.2,1', 'line 2: high must be the highest price of the candle and low the lowest'],
    ['2026-01-05T00:00:00Z,1,1,1', 'line 2: Invalid Record Length: expect 5, got 4'],
  ])('refuses "%s"', (row, message) => {
    expect(refusal(`time,open,high,low,close\n${row}\n`)).toBe(message);
  });

  it('refuses a file without candles', () => {
    expect(refusal('')).toBe('line 1: the file is empty: expected the header time,open,high,low,close');
    expect(refusal('time,open,high,low,close\n')).toBe('line 1: the file has a header but no candles');
  });
});
