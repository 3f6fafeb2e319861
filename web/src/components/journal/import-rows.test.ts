import { JournalImportProblems } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { importRowsOf, localProblem } from './import-rows.js';

const columns = { time: 0, instrument: 1, direction: 2, stake: 3, result: 4 };

describe('the rows of an import', () => {
  it('takes the mapped cells of each row with its line, an absent cell as empty', () => {
    const rows = [
      { line: 2, cells: ['2026-12-03 10:00', 'EUR/USD', 'BUY', '10', '8.5', 'extra'] },
      { line: 4, cells: ['2026-12-03 10:05', 'GBP/USD'] },
    ];
    expect(importRowsOf(rows, { ...columns, stake: 5 })).toEqual([
      { line: 2, time: '2026-12-03 10:00', instrument: 'EUR/USD', direction: 'BUY', stake: 'extra', result: '8.5' },
      { line: 4, time: '2026-12-03 10:05', instrument: 'GBP/USD', direction: '', stake: '', result: '' },
    ]);
    expect(importRowsOf(rows, { ...columns, result: null })[0]?.result).toBe('');
  });

  it('finds what the server would refuse before a signal is looked at', () => {
    const row = {
      line: 2,
      time: '2026-12-03 10:00',
      instrument: 'EUR/USD',
      direction: 'BUY',
      stake: '10',
      result: '-10',
    };
    expect(localProblem(row, 60)).toBeNull();
    expect(localProblem({ ...row, direction: 'sideways' }, 60)).toBe(JournalImportProblems.direction);
    expect(localProblem({ ...row, time: 'yesterday' }, 60)).toBe(JournalImportProblems.time);
    expect(localProblem({ ...row, instrument: 'x'.repeat(101) }, 60)).toBe(
      'The instrument is longer than 100 characters.',
    );
    expect(localProblem({ ...row, stake: '10\u0007' }, 60)).toBe('The stake holds hidden control characters.');
  });
});
