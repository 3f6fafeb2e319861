/**
 * The points in time order with one point per time, the last given for it. lightweight-charts needs times
 * strictly ascending and does not check in its production build: two prices in one second (a feed's
 * timer catching up on a loaded machine) left views it could not find again, and it threw "Value is
 * null" while painting, outside any call of ours. Candles and line points alike.
 */
export function onePointPerTime<P extends { time: number }>(points: readonly P[]): P[] {
  const byTime = new Map<number, P>();
  for (const point of points) byTime.set(point.time, point);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
