/** Maps a value from [d0, d1] onto [r0, r1]; a flat domain maps to the middle of the range. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** An SVG path through points, two decimals per coordinate. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join(' ');
}

/** A rate with its interval as the page writes it: "54.2% (95% CI 48.1–60.3%)". */
export function formatRate(rate: { percent: number | null; low: number | null; high: number | null }): string {
  if (rate.percent === null || rate.low === null || rate.high === null) return 'No resolved signals';
  return `${rate.percent}% (95% CI ${rate.low}–${rate.high}%)`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A plan result in dollars with its sign: "+$8.00", "-$150.00". */
export function formatMoney(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '-' : ''}${usd.format(Math.abs(amount))}`;
}
