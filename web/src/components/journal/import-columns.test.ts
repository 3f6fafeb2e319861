import { describe, expect, it } from 'vitest';
import { guessColumns } from './import-columns.js';

describe('guessing the columns of a trade history', () => {
  it('finds each field by its name, whatever its case', () => {
    expect(guessColumns(['ID', 'Open Time', 'SYMBOL', 'Type', 'Amount', 'Profit'])).toEqual({
      time: 1,
      instrument: 2,
      direction: 3,
      stake: 4,
      result: 5,
    });
    expect(guessColumns(['time', 'instrument', 'direction', 'stake', 'result'])).toEqual({
      time: 0,
      instrument: 1,
      direction: 2,
      stake: 3,
      result: 4,
    });
  });

  it('prefers a whole name to a part, and gives a column to one field only', () => {
    expect(guessColumns(['Close time', 'Time', 'Asset', 'Side', 'Trade amount', 'P/L'])).toEqual({
      time: 1,
      instrument: 2,
      direction: 3,
      stake: 4,
      result: 5,
    });
  });

  it('leaves a field unchosen when no name fits', () => {
    expect(guessColumns(['When', 'What'])).toEqual({
      time: null,
      instrument: null,
      direction: null,
      stake: null,
      result: null,
    });
    expect(guessColumns(['Placed', 'Date']).result).toBeNull();
  });
});
