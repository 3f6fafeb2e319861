import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-table.js';

describe('reading a trade history CSV', () => {
  it('gives the header names and each row with its line in the file', () => {
    const text = '\uFEFFTime,Asset,Note\r\n2026-12-03 10:00,EUR/USD,"two\nlines"\r\n\r\n2026-12-03 11:00,GBP/USD,\r\n';
    expect(readCsv(text, 10)).toEqual({
      headers: ['Time', 'Asset', 'Note'],
      rows: [
        { line: 2, cells: ['2026-12-03 10:00', 'EUR/USD', 'two\nlines'] },
        { line: 5, cells: ['2026-12-03 11:00', 'GBP/USD', ''] },
      ],
      overflow: false,
    });
  });

  it('reads a file that separates its cells with semicolons and names an unnamed column', () => {
    expect(readCsv('Time;;Stake\n2026-12-03 10:00;x;10', 10)).toEqual({
      headers: ['Time', 'Column 2', 'Stake'],
      rows: [{ line: 2, cells: ['2026-12-03 10:00', 'x', '10'] }],
      overflow: false,
    });
  });

  it('stops past the limit and says so', () => {
    const text = ['Time', ...Array.from({ length: 8 }, (_, i) => `2026-12-03 10:0${i}`)].join('\n');
    const table = readCsv(text, 5);
    expect(table.overflow).toBe(true);
    expect(table.rows).toHaveLength(5);
    expect(readCsv(text, 8).overflow).toBe(false);
  });

  it('gives nothing for an empty file', () => {
    expect(readCsv('', 5)).toEqual({ headers: [], rows: [], overflow: false });
  });
});
