import { formatDay, type TEquityCurve } from '@signalroom/shared';
import { browserTimeZone } from '../clock/browser-zone.js';
import { formatMoney, linearScale, linePath } from './chart-scale.js';
import styles from './charts.module.css';

const W = 480;
const H = 220;
const PAD = { top: 14, right: 12, bottom: 26, left: 72 };

interface EquityChartProps {
  curve: Pick<TEquityCurve, 'points' | 'final'>;
  /** The reader's time zone, for the first and last day on the axis. */
  timeZone?: string | undefined;
  /** How an amount is written (the record's illustration in dollars, a member's plan in its currency). */
  money?: (amount: number) => string;
}

/**
 * A plan's cumulative result after each resolved signal, as an SVG line with the zero line; the
 * figures it shows are also written out beside it for screen readers.
 */
export function EquityChart({ curve, timeZone, money = formatMoney }: EquityChartProps) {
  const zone = timeZone ?? browserTimeZone();
  const day = (at: string) => formatDay(at, zone);
  const values = [0, ...curve.points.map((p) => p.equity)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const x = linearScale(0, Math.max(1, curve.points.length), PAD.left, W - PAD.right);
  const y = linearScale(min, max, H - PAD.bottom, PAD.top);
  const path = linePath([{ x: x(0), y: y(0) }, ...curve.points.map((p, i) => ({ x: x(i + 1), y: y(p.equity) }))]);
  const first = curve.points[0];
  const last = curve.points.at(-1);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Equity curve: ${money(curve.final)} after ${curve.points.length} points, lowest ${money(min)}, highest ${money(max)}`}
      data-testid="equity-chart"
    >
      <line className={styles.gridLine} x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
      {[max, min].map((v) => (
        <text key={v} className={styles.axisLabel} x={PAD.left - 8} y={y(v)} textAnchor="end" dominantBaseline="middle">
          {money(v)}
        </text>
      ))}
      {min < 0 && max > 0 && (
        <text className={styles.axisLabel} x={PAD.left - 8} y={y(0)} textAnchor="end" dominantBaseline="middle">
          {money(0)}
        </text>
      )}
      {first && (
        <text className={styles.axisLabel} x={PAD.left} y={H - 8}>
          {day(first.at)}
        </text>
      )}
      {last && (
        <text className={styles.axisLabel} x={W - PAD.right} y={H - 8} textAnchor="end">
          {day(last.at)}
        </text>
      )}
      <path className={curve.final >= 0 ? styles.lineUp : styles.lineDown} d={path} />
    </svg>
  );
}
