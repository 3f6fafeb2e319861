import { type IncomingMessage, ServerResponse } from 'node:http';
import type { RealtimeServer, RealtimeSocket } from './realtime.types.js';

/** engine.io's stand-in response for a WebSocket upgrade: it keeps the request until its socket closes. */
interface UpgradeResponse {
  req: IncomingMessage | null;
}

/**
 * Lets go of each socket's HTTP handshake once it is no longer needed, which is most of what socket.io
 * keeps per connection beyond the WebSocket itself (about 2 kB per member, measured with
 * `npm run bench -- heap-floor`). engine.io keeps the first request of a session for its whole life
 * (`conn.request`, and its WebSocket stand-in response holds the upgrade request until the TCP socket
 * closes), with every header string, the raw header list and the parsed query.
 *
 * Nothing here reads them after the handshake: the origin check and the session token are read before
 * `connection`, and the socket keeps what it needs (`socket.data`). So after `connection`
 * `socket.request` is null and `socket.handshake` keeps only its address and `issued` time: headers,
 * query, auth, URL and time text are emptied (the session token then lives only in the client; its
 * hash stays in `socket.data.tokenHash`).
 *
 * Returns the step to run on every `connection`.
 */
export function releaseHandshakes(io: RealtimeServer): (socket: RealtimeSocket) => void {
  // The stand-in response is only reachable from engine.io's middlewares: keep it by its request until
  // the upgrade has written its headers, when engine.io stops using it.
  const responses = new WeakMap<IncomingMessage, UpgradeResponse>();
  io.engine.use((request: IncomingMessage, response: unknown, next: () => void) => {
    if (!(response instanceof ServerResponse)) responses.set(request, response as UpgradeResponse);
    next();
  });
  io.engine.on('headers', (_headers: unknown, request: IncomingMessage) => {
    const response = responses.get(request);
    if (!response) return;
    responses.delete(request);
    response.req = null;
  });

  return (socket) => {
    (socket.conn as { request: IncomingMessage | null }).request = null;
    const { handshake } = socket;
    handshake.headers = {};
    handshake.query = {};
    handshake.auth = {};
    // The request's URL and the connection time as text; `issued` keeps the time as a number.
    handshake.url = '';
    handshake.time = '';
  };
}
