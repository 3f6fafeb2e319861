import type { TSignal } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { signalMessage } from './delivery.message.js';

const config = { TIME_ZONE: 'Africa/Lagos', TIME_ZONE_LABEL: 'West Africa Time', PRODUCT_NAME: 'Signalroom' };
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
    const message = signalMessage(signal, config);
    expect(message.lines).toContain(`Track record entry #42: ${'ab'.repeat(32)}`);
    expect(message.record).toEqual({ seq: 42, hash: 'ab'.repeat(32) });
  });

  it('says nothing about the record for a signal from before it had checkpoints', () => {
    const message = signalMessage({ ...signal, record: null }, config);
    expect(message.lines.some((line) => line.startsWith('Track record'))).toBe(false);
    expect(message.record).toBeNull();
  });

  it('names who issued the signal on every channel', () => {
    const analyst = { kind: 'analyst' as const, name: 'Ada', label: 'Analyst: Ada' };
    expect(signalMessage({ ...signal, issuedBy: analyst }, config).lines).toContain('Source: Analyst: Ada');
    const model = { kind: 'model' as const, name: 'momentum-v1', label: 'Model: momentum-v1' };
    expect(signalMessage({ ...signal, issuedBy: model }, config).lines).toContain('Source: Model: momentum-v1');
  });
});
