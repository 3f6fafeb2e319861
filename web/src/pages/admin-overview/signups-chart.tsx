import styles from './admin-overview.module.css';

/**
 * Sign-ups per day as bars (an SVG that scales to its box), with the same figures in a table for
 * screen readers: the chart alone would say nothing to them.
 */
export function SignupsChart({ days }: { days: ReadonlyArray<{ day: string; count: number }> }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const width = days.length * 10;
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" aria-hidden="true" data-testid="signups-chart">
        {days.map((d, i) => {
          const height = (d.count / max) * 96;
          return (
            <rect key={d.day} x={i * 10 + 1} y={100 - height} width={8} height={height} rx={1}>
              <title>{`${d.day}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={styles.chartAxis}>
        <span>{days[0]?.day}</span>
        <span>
          {total} in {days.length} days
        </span>
        <span>{days.at(-1)?.day}</span>
      </figcaption>
      <table className={styles.srOnlyTable}>
        <caption>Sign-ups per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sign-ups</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
