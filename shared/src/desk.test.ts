import { describe, expect, it } from 'vitest';
import { DeskMessages, deskWindows, formatWindow, windowInvalidMessage, ZDeskPublishRequest } from './desk.js';
import { signalIssuerOf } from './signals/signal.js';

const valid = {
  asset: 'EUR/USD',
  direction: 'PUT',
  windowMs: 900_000,
  confidence: 64,
  analysis: 'Lower highs into resistance.',
  idempotencyKey: '3f1c2a9e-6b1d-4c2e-9a7f-0d5e8b4c1a23',
};

describe('the desk rules', () => {
  it('offers 1, 3, 6 and 12 intervals and names them', () => {
    expect(deskWindows(300_000)).toEqual([300_000, 900_000, 1_800_000, 3_600_000]);
    expect(deskWindows(300_000).map(formatWindow)).toEqual(['5 min', '15 min', '30 min', '1 h']);
    expect(windowInvalidMessage(300_000)).toBe('Choose an expiry window of 5 min, 15 min, 30 min or 1 h.');
  });

  it('names the source as pages show it', () => {
    expect(signalIssuerOf({ authorName: 'Ada', strategy: 'desk' })).toEqual({
      kind: 'analyst',
      name: 'Ada',
      label: 'Analyst: Ada',
    });
    expect(signalIssuerOf({ authorName: null, strategy: 'momentum-v1' }).label).toBe('Model: momentum-v1');
  });

  it('accepts a whole confidence from 1 to 100 and refuses anything else with one message', () => {
    expect(ZDeskPublishRequest.safeParse(valid).success).toBe(true);
    for (const confidence of [1, 100])
      expect(ZDeskPublishRequest.safeParse({ ...valid, confidence }).success).toBe(true);
    for (const confidence of [0, 101, 64.5, '64', null]) {
      const result = ZDeskPublishRequest.safeParse({ ...valid, confidence });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DeskMessages.confidenceRange);
    }
  });

  it('takes no typed entry price and no unknown field', () => {
    expect(ZDeskPublishRequest.safeParse({ ...valid, entryPrice: 1.1 }).success).toBe(false);
  });

  it('wants a UUID as the form key', () => {
    const result = ZDeskPublishRequest.safeParse({ ...valid, idempotencyKey: 'same-form' });
    expect(result.error?.issues[0]?.message).toBe(DeskMessages.idempotencyKeyInvalid);
  });
});
