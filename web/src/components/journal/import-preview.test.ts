import { JournalImportProblems } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { previewCount, previewOf, refusedImport, UNCHECKED } from './import-preview.js';

const row = (line: number, instrument = 'EUR/USD') => ({
  line,
  time: '2026-12-03 10:05',
  instrument,
  direction: 'BUY',
  stake: '10',
  result: '8',
});
const matched = (line: number) => ({
  line,
  signalId: `s${line}`,
  asset: 'EUR/USD',
  windowStart: '2026-12-03T09:05:00.000Z',
  problem: null,
});

describe('the preview of an import', () => {
  it('puts each row beside its signal or its problem, the browser first and then the server', () => {
    const noSignal = JournalImportProblems.noSignal('XAU/USD', '10:05');
    const preview = previewOf(
      [row(2), row(3, 'XAU/USD'), row(4), row(5)],
      [null, null, JournalImportProblems.direction, null],
      [matched(2), { line: 3, signalId: null, asset: null, windowStart: null, problem: noSignal }],
    );
    expect(preview.map((p) => p.problem)).toEqual([null, noSignal, JournalImportProblems.direction, UNCHECKED]);
    expect(preview[0]?.match).toEqual({ asset: 'EUR/USD', windowStart: '2026-12-03T09:05:00.000Z' });
    expect(previewCount(preview)).toEqual({ matched: 1, bad: 3, text: '1 row matches, 3 have problems' });
    expect(previewCount(preview.slice(0, 2)).text).toBe('1 row matches, 1 has a problem');
    expect(previewCount([]).text).toBe('0 rows match, 0 have problems');
  });

  it('shows a refused import line by line and on its rows', () => {
    const preview = previewOf([row(2), row(3)], [null, null], [matched(2), matched(3)]);
    const refused = refusedImport(preview, { 'line 3': JournalImportProblems.sameSignal(2) });
    expect(refused.lines).toEqual(['Line 3: Line 2 already matches the same signal.']);
    expect(refused.preview.map((p) => p.problem)).toEqual([null, 'Line 2 already matches the same signal.']);
    expect(refused.preview[1]?.match).toBeNull();
  });
});
