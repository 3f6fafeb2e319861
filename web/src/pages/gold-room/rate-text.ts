import { formatPercent, rateOf } from '@signalroom/shared';

/**
 * A rate as the product always writes it, with its sample and its 95% interval ("7 of 12, 58.3% (95% CI
 * 31.9–80.7%)"): a pair's or a direction's sample is small, and the interval says how small. A dash with
 * nothing resolved.
 */
export function rateText(won: number, total: number): string {
  const rate = rateOf(won, total);
  if (rate.percent === null) return '–';
  return `${won} of ${total}, ${formatPercent(rate.percent)} (95% CI ${rate.low}–${rate.high}%)`;
}
