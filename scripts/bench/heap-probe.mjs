// Preloaded into the bench's server process only (node --expose-gc --import): over the IPC channel the
// bench asks {type: 'heap'} and gets the heap in use after two full collections, so heap at 0 members
// and at N members can be compared without garbage that a collection would have freed.
process.on('message', (message) => {
  if (message?.type !== 'heap' || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  globalThis.gc();
  process.send?.({ type: 'heap', heapUsed: process.memoryUsage().heapUsed });
});
// The channel must not keep a server that is shutting down alive.
process.channel?.unref();
