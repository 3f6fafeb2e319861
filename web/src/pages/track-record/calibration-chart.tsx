import type { TCalibrationBand } from '@signalroom/shared';
import { linearScale } from '../../components/charts/chart-scale.js';
import styles from '../../components/charts/charts.module.css';

const SIZE = 300;
const PAD = { top: 12, right: 12, bottom: 36, left: 44 };

/**
 * Stated confidence (x) against the realised first-window win rate (y) per band, each with its 95%
 * interval as a bar; the diagonal is where a calibrated engine's bands would sit.
 */
export function CalibrationChart({ bands }: { bands: readonly TCalibrationBand[] }) {
  const lowest = Math.min(50, ...bands.map((b) => b.from));
  const x = linearScale(lowest, 100, PAD.left, SIZE - PAD.right);
  const y = linearScale(0, 100, SIZE - PAD.bottom, PAD.top);
  const ticks = [0, 25, 50, 75, 100];
  return (
    <svg
      className={styles.chartSquare}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label="Calibration: stated confidence against realised first-window win rate; the table below lists each band"
      data-testid="calibration-chart"
    >
      {ticks.map((t) => (
        <g key={t}>
          <line className={styles.gridLine} x1={PAD.left} x2={SIZE - PAD.right} y1={y(t)} y2={y(t)} />
          <text className={styles.axisLabel} x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
            {t}%
          </text>
        </g>
      ))}
      {[lowest, 100].map((t) => (
        <text key={t} className={styles.axisLabel} x={x(t)} y={SIZE - PAD.bottom + 14} textAnchor="middle">
          {t}%
        </text>
      ))}
      <text className={styles.axisLabel} x={(PAD.left + SIZE - PAD.right) / 2} y={SIZE - 4} textAnchor="middle">
        Stated confidence
      </text>
      <line className={styles.diagonal} x1={x(lowest)} y1={y(lowest)} x2={x(100)} y2={y(100)} />
      {bands.map((b) =>
        b.realised.percent === null ? null : (
          <g key={b.from}>
            <line
              className={styles.errorBar}
              x1={x(b.statedMean)}
              x2={x(b.statedMean)}
              y1={y(b.realised.low ?? b.realised.percent)}
              y2={y(b.realised.high ?? b.realised.percent)}
            />
            <circle className={styles.point} cx={x(b.statedMean)} cy={y(b.realised.percent)} r={4} />
          </g>
        ),
      )}
    </svg>
  );
}
