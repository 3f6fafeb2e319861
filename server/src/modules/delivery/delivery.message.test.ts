import type { TSignal } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { signalMessage } from './delivery.message.js';

const config = { TIME_ZONE: 'Africa/Lagos' };
const reader = { timeZone: null };
const signal: TSignal = {
  id: 's1',
  asset: 'EUR/USD (OTC)',
  signalType: 'buy',
  direction: 'CALL',
  entryPrice: 1.0845,
  confidence: 62,
  status: 'active',
  outcome: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: null,
  expiresAt: '2026-11-24T10:05:00.000Z',
  stopLoss: null,
  takeProfit: null,
  analysis: null,
  resolvedLevel: null,
  exitPrice: null,
  daySequence: 1,
  source: 'simulated',
  record: { seq: 42, hash: 'ab'.repeat(32) },
  locked: false,
};

describe('signalMessage', () => {
  it('carries the track record entry every channel sends (e-mail, Web Push and Telegram read these lines)', () => {
    const message = signalMessage(signal, reader, config);
    expect(message.lines).toContain(`Track record entry #42: ${'ab'.repeat(32)}`);
    expect(message.record).toEqual({ seq: 42, hash: 'ab'.repeat(32) });
  });

  it('says nothing about the record for a signal from before it had checkpoints', () => {
    const message = signalMessage({ ...signal, record: null }, reader, config);
    expect(message.lines.some((line) => line.startsWith('Track record'))).toBe(false);
    expect(message.record).toBeNull();
  });

  it("writes the window's close in the member's own zone, the business's until they choose one", () => {
    // 16:00 UTC: still the 24th in Lagos and New York, already the 25th in Tokyo.
    const now = new Date('2026-11-24T16:00:00Z');
    const closes = (timeZone: string | null) =>
      signalMessage(signal, { timeZone }, config, now).lines.find((line) => line.startsWith('Primary window'));
    expect(closes(null)).toBe('Primary window closes at 11:05 GMT+1');
    expect(closes('America/New_York')).toBe('Primary window closes at 05:05 GMT-5');
    expect(closes('Asia/Tokyo')).toBe('Primary window closes at 24 Nov, 19:05 GMT+9');
  });

  it('names who issued the signal on every channel', () => {
    const analyst = { kind: 'analyst' as const, name: 'Ada', label: 'Analyst: Ada' };
    expect(signalMessage({ ...signal, issuedBy: analyst }, reader, config).lines).toContain('Source: Analyst: Ada');
    const model = { kind: 'model' as const, name: 'momentum-v1', label: 'Model: momentum-v1' };
    expect(signalMessage({ ...signal, issuedBy: model }, reader, config).lines).toContain('Source: Model: momentum-v1');
  });
});
