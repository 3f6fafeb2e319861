import { DeskMessages } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { type DeskFormValues, parseDeskForm } from './desk-form.logic.js';
import { newIdempotencyKey } from './idempotency-key.js';

const values: DeskFormValues = {
  asset: 'EUR/USD',
  direction: 'CALL',
  windowMs: '300000',
  confidence: '70',
  stopLoss: '',
  takeProfit: '1.2',
  analysis: ' Breakout above the range. ',
};

describe('the desk form', () => {
  it('builds the request with the form key, empty prices as null and the analysis trimmed', () => {
    const result = parseDeskForm(values, 'k');
    expect(result).toEqual({
      ok: true,
      request: {
        asset: 'EUR/USD',
        direction: 'CALL',
        windowMs: 300000,
        confidence: 70,
        stopLoss: null,
        takeProfit: 1.2,
        analysis: 'Breakout above the range.',
        idempotencyKey: 'k',
      },
    });
  });

  it('refuses a confidence outside 1-100 or not whole, a price of 0 and an empty analysis, each on its field', () => {
    for (const confidence of ['0', '101', '50.5', '', 'abc']) {
      const result = parseDeskForm({ ...values, confidence }, 'k');
      expect(result.ok === false && result.errors.confidence).toBe(DeskMessages.confidenceRange);
    }
    const result = parseDeskForm({ ...values, stopLoss: '0', analysis: '  ' }, 'k');
    expect(result.ok === false && result.errors).toEqual({
      stopLoss: DeskMessages.priceInvalid,
      analysis: DeskMessages.analysisRequired,
    });
  });

  it('makes a fresh v4 key per form', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
