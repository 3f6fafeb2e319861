/** A P&L in dollars with its sign: +$60.00, -$300.00, $0.00. */
export function formatPnl(value: number): string {
  const text = `$${Math.abs(value).toFixed(2)}`;
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/** A percent figure with its sign, or a dash before there is one. */
export function formatSignedPercent(value: number | null): string {
  if (value === null) return '–';
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}
