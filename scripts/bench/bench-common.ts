// What every bench shares, with no dependency of its own: where the scratch databases and Redis are,
// the timestamped log line, and the statistics the benches print.

export const baseDbUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function log(line: string): void {
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
}

/** The nearest-rank percentile `p` (0 to 100) of `values`, in any order; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The median as every bench prints it: the nearest-rank 50th percentile (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
