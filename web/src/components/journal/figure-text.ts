import type { TJournalFigures, TMean, TRate } from '@signalroom/shared';

/** A number with its sign always written, a true minus for a loss: "+0.120", "−0.050", "0.000". */
export function signed(value: number, digits: number): string {
  const written = Math.abs(value).toFixed(digits);
  if (Number(written) === 0) return (0).toFixed(digits);
  return `${value < 0 ? '−' : '+'}${written}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A percentage to one decimal: "60.0%". */
const percent = (value: number) => `${value.toFixed(1)}%`;

/** The interval part of a mean, or why there is none (one value has no spread to measure). */
function meanInterval(mean: TMean, digits: number, unit = ''): string {
  if (mean.low === null || mean.high === null) return 'too few for an interval';
  return `95% interval ${signed(mean.low, digits)}${unit} to ${signed(mean.high, digits)}${unit}`;
}

/** "60.0% (12 of 20 settled trades; 95% interval 38.7–78.1%)"; null with no settled trade to count. */
export function winRateText(rate: TRate): string | null {
  if (rate.percent === null) return null;
  const interval =
    rate.low !== null && rate.high !== null ? `; 95% interval ${rate.low.toFixed(1)}–${percent(rate.high)}` : '';
  return `${percent(rate.percent)} (${rate.won} of ${count(rate.total, 'settled trade', 'settled trades')}${interval})`;
}

/** "+0.120 of the stake per trade (20 trades; 95% interval −0.050 to +0.290)"; null with no trade. */
export function evText(ev: TMean): string | null {
  if (ev.mean === null || ev.sample === 0) return null;
  return `${signed(ev.mean, 3)} of the stake per trade (${count(ev.sample, 'trade', 'trades')}; ${meanInterval(ev, 3)})`;
}

/**
 * "1.2 bp worse than the signal's entry on average (18 fills; 95% interval −0.3 bp to +2.7 bp)"; null
 * with no fill price beside a logged entry. Positive is worse for the trade (the server's sign).
 */
export function slippageText(slippage: TMean): string | null {
  if (slippage.mean === null || slippage.sample === 0) return null;
  const size = Math.abs(slippage.mean).toFixed(1);
  const side =
    Number(size) === 0
      ? `${size} bp from the signal's entry on average`
      : `${size} bp ${slippage.mean > 0 ? 'worse' : 'better'} than the signal's entry on average`;
  return `${side} (${count(slippage.sample, 'fill', 'fills')}; ${meanInterval(slippage, 1, ' bp')})`;
}

/**
 * "Against the record on the same 20 signals: you 60.0%, the record 70.0% (gap −10.0 points)"; null
 * while none of the member's settled trades is on a signal the record counts.
 */
export function versusRecordText(versus: TJournalFigures['versusRecord']): string | null {
  const { yours, record, gapPoints } = versus;
  if (yours.percent === null || record.percent === null || gapPoints === null) return null;
  return `you ${percent(yours.percent)}, the record ${percent(record.percent)} (gap ${signed(gapPoints, 1)} points)`;
}
