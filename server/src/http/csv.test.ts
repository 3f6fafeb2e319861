import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.js';

describe('CSV fields', () => {
  it('quotes a field with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses what a spreadsheet would run as a formula, but keeps phone numbers and negative amounts', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('+cmd')).toBe("'+cmd");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('+2348012345678')).toBe('+2348012345678');
    expect(csvField('-12.50')).toBe('-12.50');
  });

  it('writes empty fields for null and undefined, and ends a line with CRLF', () => {
    expect(csvLine(['a', null, undefined, 3, true])).toBe('a,,,3,true\r\n');
  });
});
