import { describe, expect, it } from 'vitest';
import { journalFigures, meanOf, slippageBp } from './journal-figures.js';
import {
  instrumentKey,
  JournalImportProblems,
  matchTrades,
  readAmount,
  readImportRow,
  readTradeTime,
} from './journal-import.js';

describe('readAmount', () => {
  it.each([
    ['10', 10],
    ['12.50', 12.5],
    ['-20', -20],
    ['$1,234.50', 1234.5],
    ['-$8.00', -8],
    ['USD 15', 15],
    ['15 EUR', 15],
    ['+3', 3],
  ])('reads %s', (cell, value) => {
    expect(readAmount(cell)).toBe(value);
  });

  it.each(['', 'ten', '12,50', '1,23.4', '--3', '1e3'])('refuses %o', (cell) => {
    expect(readAmount(cell)).toBeNull();
  });
});

describe('readTradeTime', () => {
  it('reads a zoned ISO time as written and a wall time at the file offset', () => {
    expect(readTradeTime('2026-11-20T08:41:00Z', 60)).toBe(Date.parse('2026-11-20T08:41:00Z'));
    expect(readTradeTime('2026-11-20T09:41:00+01:00', 0)).toBe(Date.parse('2026-11-20T08:41:00Z'));
    expect(readTradeTime('2026-11-20 09:41', 60)).toBe(Date.parse('2026-11-20T08:41:00Z'));
    expect(readTradeTime('2026-11-20 09:41:07.5', 60)).toBe(Date.parse('2026-11-20T08:41:07.500Z'));
  });

  it.each(['2026-06-31 10:00', '2026-11-20 24:00', '2026-11-20 10:60', '20/11/2026 10:00', 'yesterday'])(
    'refuses %o rather than moving it',
    (cell) => {
      expect(readTradeTime(cell, 0)).toBeNull();
    },
  );
});

describe('readImportRow', () => {
  const row = { time: '2026-11-20T08:41:00Z', instrument: 'GBP/USD', direction: 'sell', stake: '10', result: '8' };

  it('reads a trade, its direction in any of the brokers words', () => {
    expect(readImportRow(row, 0)).toEqual({
      trade: {
        time: Date.parse(row.time),
        instrument: 'GBP/USD',
        instrumentKey: 'GBPUSD',
        direction: 'PUT',
        stake: 10,
        result: 8,
      },
    });
  });

  it.each([
    [{ time: 'soon' }, JournalImportProblems.time],
    [{ instrument: ' / ' }, JournalImportProblems.instrument],
    [{ direction: 'sideways' }, JournalImportProblems.direction],
    [{ stake: '0.5' }, JournalImportProblems.stake],
    [{ result: '200000' }, JournalImportProblems.result],
  ])('names the first problem of %o', (change, problem) => {
    expect(readImportRow({ ...row, ...change }, 0)).toEqual({ problem });
  });
});

describe('matchTrades', () => {
  const at = (t: string) => Date.parse(t);
  const signals = [
    {
      id: 'a',
      asset: 'EUR/USD',
      direction: 'CALL' as const,
      windowStart: at('2026-11-20T08:00:00Z'),
      expiresAt: at('2026-11-20T08:05:00Z'),
    },
    {
      id: 'b',
      asset: 'EUR/USD',
      direction: 'PUT' as const,
      windowStart: at('2026-11-20T08:05:00Z'),
      expiresAt: at('2026-11-20T08:10:00Z'),
    },
  ];
  const trade = (line: number, time: string, direction: 'CALL' | 'PUT', instrument = 'eurusd') => ({
    line,
    trade: { time: at(time), instrument, instrumentKey: instrumentKey(instrument), direction, stake: 10, result: 8 },
  });
  const describe = (ms: number) => new Date(ms).toISOString();

  it('matches the open signal with the nearest start, a minute early at most, once each', () => {
    const matched = matchTrades(
      [
        trade(1, '2026-11-20T07:59:30Z', 'CALL'),
        trade(2, '2026-11-20T08:05:00Z', 'PUT'),
        trade(3, '2026-11-20T08:06:00Z', 'PUT'),
        trade(4, '2026-11-20T07:58:00Z', 'CALL'),
        trade(5, '2026-11-20T08:07:00Z', 'CALL'),
      ],
      signals,
      describe,
    );
    expect(matched.map((m) => [m.line, m.signal?.id ?? m.problem])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, JournalImportProblems.sameSignal(2)],
      [4, JournalImportProblems.noSignal('eurusd', '2026-11-20T07:58:00.000Z')],
      [5, JournalImportProblems.otherDirection('EUR/USD', 'PUT')],
    ]);
  });
});

describe('journalFigures', () => {
  const fact = (result: number | null, recordFirstWindowWon: boolean | null, fillPrice: number | null = null) => ({
    taken: true,
    stake: 10,
    fillPrice,
    result,
    direction: 'PUT' as const,
    entryPrice: 2,
    recordFirstWindowWon,
  });

  it('counts settled trades only, and compares with the record on the signals it counts', () => {
    const figures = journalFigures([
      fact(8, true, 1.999),
      fact(-10, true),
      fact(8, null),
      fact(null, false),
      { ...fact(null, null), taken: false, stake: null },
    ]);
    expect(figures).toMatchObject({ journaled: 5, taken: 4, skipped: 1, settled: 3 });
    expect(figures.winRate).toMatchObject({ won: 2, total: 3, percent: 66.7 });
    expect(figures.evPerStake).toMatchObject({ sample: 3, mean: 0.2 });
    // A PUT filled lower than its entry of 2: 5 bp worse.
    expect(figures.slippageBp).toMatchObject({ sample: 1, mean: 5 });
    expect(figures.versusRecord).toMatchObject({
      yours: { won: 1, total: 2 },
      record: { won: 2, total: 2 },
      gapPoints: -50,
    });
  });

  it('has nothing to say with nothing settled', () => {
    const figures = journalFigures([]);
    expect(figures.winRate.percent).toBeNull();
    expect(figures.evPerStake).toEqual({ sample: 0, mean: null, low: null, high: null });
    expect(figures.versusRecord.gapPoints).toBeNull();
  });
});

describe('meanOf and slippageBp', () => {
  it('gives the mean with a 95% interval from two values on', () => {
    expect(meanOf([1], 2)).toEqual({ sample: 1, mean: 1, low: null, high: null });
    expect(meanOf([1, 3], 2)).toEqual({ sample: 2, mean: 2, low: 0.04, high: 3.96 });
  });

  it('signs slippage against the trade', () => {
    expect(slippageBp('CALL', 100, 100.01)).toBeCloseTo(1);
    expect(slippageBp('PUT', 100, 100.01)).toBeCloseTo(-1);
  });
});
