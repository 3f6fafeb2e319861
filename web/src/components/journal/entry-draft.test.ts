import type { TJournalEntry } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { draftOf, requestOf } from './entry-draft.js';

const ZONE = 'Africa/Lagos';

const entry: TJournalEntry = {
  signalId: 's1',
  asset: 'EUR/USD',
  direction: 'CALL',
  windowStart: '2026-12-03T09:05:00.000Z',
  entryPrice: 1.0845,
  taken: true,
  stake: 12.5,
  fillPrice: 1.0846,
  filledAt: '2026-12-03T09:05:03.000Z',
  result: -12.5,
  source: 'manual',
  updatedAt: '2026-12-03T09:20:00.000Z',
};

describe('the journal dialog fields', () => {
  it('start empty with no choice for a signal not journaled, or as saved, on the member clock', () => {
    expect(draftOf(null, ZONE)).toEqual({ taken: null, stake: '', fillPrice: '', filledAt: '', result: '' });
    expect(draftOf(entry, ZONE)).toEqual({
      taken: true,
      stake: '12.5',
      fillPrice: '1.0846',
      filledAt: '2026-12-03T10:05:03',
      result: '-12.5',
    });
  });

  it('send a taken trade as numbers and an instant, empty fields as none', () => {
    const draft = { taken: true, stake: ' 10 ', fillPrice: '', filledAt: '2026-12-03T10:05', result: '-10' };
    expect(requestOf(draft, ZONE)).toEqual({
      taken: true,
      stake: 10,
      fillPrice: null,
      filledAt: '2026-12-03T09:05:00.000Z',
      result: -10,
    });
  });

  it('send what is not a number as typed, for the server to refuse with its own message', () => {
    const draft = { taken: true, stake: '1,000', fillPrice: 'abc', filledAt: '', result: '+8.50' };
    expect(requestOf(draft, ZONE)).toMatchObject({ stake: '1,000', fillPrice: 'abc', result: 8.5 });
  });

  it('send a skipped signal with nothing else, whatever was typed before', () => {
    expect(requestOf({ ...draftOf(entry, ZONE), taken: false }, ZONE)).toEqual({ taken: false });
  });
});
