/** The five cells of a trade the import needs, in the order the member maps them. */
export const IMPORT_FIELDS = ['time', 'instrument', 'direction', 'stake', 'result'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  time: 'Time',
  instrument: 'Instrument',
  direction: 'Direction',
  stake: 'Stake',
  result: 'Result',
};

/** Which column of the file holds each field (its index), or null while none is chosen. */
export type ColumnMap = Record<ImportField, number | null>;

/**
 * The names brokers give each column, most telling first (compared without case, spaces or signs).
 * A name is matched whole first, then as a part ("Open time", "Trade amount").
 */
const NAMES: Record<ImportField, readonly string[]> = {
  time: ['time', 'opentime', 'opened', 'datetime', 'date', 'timestamp', 'entrytime', 'created'],
  instrument: ['instrument', 'asset', 'symbol', 'pair', 'market', 'ticker'],
  direction: ['direction', 'side', 'type', 'action', 'buysell', 'callput', 'tradetype'],
  stake: ['stake', 'amount', 'investment', 'invested', 'size', 'volume', 'bet'],
  result: ['result', 'profit', 'pnl', 'pl', 'profitloss', 'netprofit', 'payout', 'return', 'net'],
};

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Each field's column guessed from the header names, so a common broker export needs no choice at all.
 * A column goes to one field only (the first whose names it matches); fields with no match stay null.
 */
export function guessColumns(headers: readonly string[]): ColumnMap {
  const keys = headers.map(key);
  const taken = new Set<number>();
  const find = (test: (k: string, name: string) => boolean, names: readonly string[]) => {
    for (const name of names) {
      const index = keys.findIndex((k, i) => !taken.has(i) && test(k, name));
      if (index !== -1) return index;
    }
    return null;
  };
  const guessed = {} as ColumnMap;
  for (const field of IMPORT_FIELDS) {
    const whole = find((k, name) => k === name, NAMES[field]);
    // A part must be a word of some length: "pl" inside "placed" is not a profit.
    const part = whole ?? find((k, name) => name.length >= 4 && k.includes(name), NAMES[field]);
    guessed[field] = part;
    if (part !== null) taken.add(part);
  }
  return guessed;
}
