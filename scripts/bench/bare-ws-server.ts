// The floor for `npm run bench:push -- --mode compare`: a minimal `ws` server that relays what the bench's
// worker stand-in publishes on the same Redis bus to every connected client, each message serialised once
// and written to every socket. No authentication, rooms, tier views or heartbeats: only what any push
// server must do. Prints its port on stdout once listening.
import { TIMING } from '@signalroom/shared';
import { createRedisBus } from '@signalroom/shared-node';
import { WebSocketServer } from 'ws';
import { redisUrl } from './bench-common.js';

const namespace = process.env.BENCH_NAMESPACE as string;
const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
const bus = createRedisBus(redisUrl, { namespace });
let lastTick = 0;
bus.subscribe((event) => {
  if (event.type === 'signal:new') broadcast(['signal:new', event.signal]);
  // The same resync rule as the product's relay, so both send the same messages.
  if (event.type === 'countdown:tick' && Date.now() - lastTick >= TIMING.countdownSyncMs / 2) {
    lastTick = Date.now();
    broadcast(['countdown:tick', event.countdown]);
  }
});

function broadcast(message: unknown): void {
  const frame = JSON.stringify(message);
  for (const client of server.clients) client.send(frame);
}

server.on('listening', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void bus.close().then(() => process.exit(0));
});
