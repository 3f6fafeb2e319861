import type { ChartPoint } from './line-chart.js';

/**
 * The points in time order with one point per time, the last given for it. lightweight-charts needs times
 * strictly ascending and does not check in its production build: two prices in one second (a feed's
 * timer catching up on a loaded machine) left views it could not find again, and it threw "Value is
 * null" while painting, outside any call of ours.
 */
export function onePointPerTime(points: readonly ChartPoint[]): ChartPoint[] {
  const byTime = new Map<number, ChartPoint>();
  for (const point of points) byTime.set(point.time, point);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
