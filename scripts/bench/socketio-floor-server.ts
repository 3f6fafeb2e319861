// The socket.io floor for `npm run bench:heap-floor`: a bare socket.io server with the product's options
// (path, heartbeat, no client bundle) and nothing of ours: no authentication, no listeners, no snapshot.
// Each socket joins ROOMS rooms (the product's sockets are in about three: their own, their tier's, the
// public one). RELEASE=1 adds the product's one step against socket.io's own memory: letting go of each
// socket's handshake once connected (realtime.upgrade-release.ts). Prints its port on stdout once
// listening; heap readings over IPC (heap-probe.mjs).
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { SOCKET_PING_INTERVAL_MS, SOCKET_PING_TIMEOUT_MS } from '../../server/src/realtime/index.js';
import { SOCKET_IO_PATH } from '../../server/src/realtime/plain-stream.js';
import { releaseHandshakes } from '../../server/src/realtime/realtime.upgrade-release.js';

const rooms = Number(process.env.ROOMS ?? 0);
const http = createServer();
const io = new Server(http, {
  path: SOCKET_IO_PATH,
  serveClient: false,
  pingInterval: SOCKET_PING_INTERVAL_MS,
  pingTimeout: SOCKET_PING_TIMEOUT_MS,
});
const release = process.env.RELEASE === '1' ? releaseHandshakes(io) : null;
io.on('connection', (socket) => {
  release?.(socket);
  if (rooms > 0)
    void socket.join(Array.from({ length: rooms }, (_, i) => (i === 0 ? `user:${socket.id}` : `room:${i}`)));
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
