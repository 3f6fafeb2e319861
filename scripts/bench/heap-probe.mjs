// Preloaded into the bench's server process only (node --expose-gc --import): over the IPC channel the
// bench asks {type: 'heap'} and gets the heap in use after two full collections, so heap at 0 members
// and at N members can be compared without garbage that a collection would have freed.
// BENCH_HEAP_SNAPSHOTS=<folder> also writes a heap snapshot at each reading (heap-<pid>-<n>.heapsnapshot),
// to compare in Chrome's DevTools (Memory, Comparison) or with scripts/bench/heap-diff.mjs.
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

let readings = 0;
process.on('message', (message) => {
  if (message?.type !== 'heap' || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  globalThis.gc();
  const folder = process.env.BENCH_HEAP_SNAPSHOTS;
  readings += 1;
  if (folder) writeHeapSnapshot(join(folder, `heap-${process.pid}-${readings}.heapsnapshot`));
  process.send?.({ type: 'heap', heapUsed: process.memoryUsage().heapUsed });
});
// The channel must not keep a server that is shutting down alive.
process.channel?.unref();
