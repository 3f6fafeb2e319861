import { formatPercent, type TRate } from '@signalroom/shared';

/**
 * A rate as the Gold Room writes it, with its sample and its 95% interval ("7 of 12, 58.3% (95% CI
 * 31.9–80.7%)"): a pair's or a direction's sample is small, and the interval says how small. A dash with
 * nothing resolved. The live record's rates, the backtest's and each breakdown's read alike.
 */
export function rateText(rate: TRate): string {
  if (rate.percent === null) return '–';
  return `${rate.won} of ${rate.total}, ${formatPercent(rate.percent)} (95% CI ${rate.low}–${rate.high}%)`;
}
