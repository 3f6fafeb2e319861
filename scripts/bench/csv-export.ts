/**
 * `npm run bench -- csv-export [--rows 100000] [--small 10000]`: memory of the members CSV export.
 *
 * Starts the real server (PostgreSQL and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set, else
 * the embedded PGlite), inserts members, downloads GET /api/admin/members/export over HTTP and samples
 * this process's live heap (after a collection) and RSS every 100 ms while the rows stream. Two sizes:
 * if the export streams, the peak over the baseline stays about the same at 10x the rows; a buffered
 * export would grow with them. Rows per second include those forced collections: not a speed figure.
 */
import { parseArgs } from 'node:util';
import type { TestServer } from '../../server/test/helpers/test-server.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, small: { type: 'string', default: '10000' } },
});
const large = Number(values.rows);
const small = Number(values.small);
const MB = 1024 * 1024;

const collect = () => (globalThis as { gc?: () => void }).gc?.();

interface Run {
  rows: number;
  bytes: number;
  seconds: number;
  heapPeakMb: number;
  rssPeakMb: number;
}

async function measure(server: TestServer, token: string, prefix: string, rows: number): Promise<Run> {
  collect();
  const base = process.memoryUsage();
  let heapPeak = base.heapUsed;
  let rssPeak = base.rss;
  // Each sample collects first, so it counts what the export holds, not garbage waiting for the collector.
  const sampler = setInterval(() => {
    collect();
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 100);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/members/export?query=${prefix}-`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  if (lines !== rows + 1) throw new Error(`expected ${rows + 1} lines, got ${lines}`);
  return {
    rows,
    bytes,
    seconds: (performance.now() - started) / 1000,
    heapPeakMb: (heapPeak - base.heapUsed) / MB,
    rssPeakMb: (rssPeak - base.rss) / MB,
  };
}

async function main() {
  const distributed = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
  // The test harness reads the shape when it loads, so it is loaded after the shape is chosen.
  process.env.SR_TEST_SHAPE = distributed ? 'distributed' : 'embedded';
  const { startTestServer } = await import('../../server/test/helpers/test-server.js');
  const { createMember } = await import('../../server/test/helpers/factories.js');
  const { insertBulkMembers } = await import('../../server/test/helpers/bulk-members.js');
  const server = await startTestServer({ RATE_LIMITS: 'false', LOG_LEVEL: 'warn' });
  try {
    const admin = await createMember(server.context.db, { role: 'admin' });
    console.log(`database: ${server.context.dbKind}; gc between runs: ${Boolean((globalThis as { gc?: unknown }).gc)}`);
    await insertBulkMembers(server.context.db, small, 'small');
    await insertBulkMembers(server.context.db, large, 'large');
    // A first small run warms the route, the query plan and the stream code up.
    await measure(server, admin.token, 'small', small);
    const runs = [
      await measure(server, admin.token, 'small', small),
      await measure(server, admin.token, 'large', large),
    ];
    console.table(
      runs.map((r) => ({
        rows: r.rows,
        'CSV MB': (r.bytes / MB).toFixed(1),
        seconds: r.seconds.toFixed(2),
        'rows/s': Math.round(r.rows / r.seconds),
        'heap peak over base (MB)': r.heapPeakMb.toFixed(1),
        'RSS peak over base (MB)': r.rssPeakMb.toFixed(1),
      })),
    );
    const [a, b] = runs as [Run, Run];
    const csvGrowth = b.bytes / a.bytes;
    const heapGrowth = b.heapPeakMb / Math.max(a.heapPeakMb, 1);
    console.log(
      `CSV grew ${csvGrowth.toFixed(1)}x, heap peak ${heapGrowth.toFixed(1)}x: ` +
        (heapGrowth < csvGrowth / 3 ? 'flat (streamed)' : 'grows with the rows (buffered?)'),
    );
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
