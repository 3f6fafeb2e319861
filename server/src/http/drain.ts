import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

interface ConnectionState {
  /** Requests answered or being answered on this connection. */
  served: number;
  /** Requests whose answer has not finished yet. */
  inFlight: number;
}

export interface Drain {
  /**
   * Stops accepting connections and drains the open ones: every answer from now on says
   * `Connection: close`, a connection is closed as soon as it is idle after an answer, and one that
   * has not sent its first request gets `freshGraceMs` to do so. Resolves once every connection is
   * either closed or busy with a request (Fastify's close then waits for those).
   */
  start(): Promise<void>;
  /** Stops the periodic sweep (after the server closed). */
  stop(): void;
}

/**
 * Graceful HTTP shutdown without resets. Node's `server.close()` destroys every connection that is
 * "idle", which includes a connection just accepted whose request has not been read yet: under load
 * that reset requests clients had already sent. So the listener is closed first (net.Server's close,
 * without that sweep), and connections are closed one by one as they fall idle after an answer, or
 * after a short grace when they never sent anything. Install before the server listens.
 */
export function createDrain(
  app: FastifyInstance,
  options: { freshGraceMs?: number; acceptQuietMs?: number; maxAcceptMs?: number } = {},
): Drain {
  const server: Server = app.server;
  const freshGraceMs = options.freshGraceMs ?? 1000;
  const acceptQuietMs = options.acceptQuietMs ?? 50;
  const maxAcceptMs = options.maxAcceptMs ?? 2500;
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;
  // Until the listener closes, a connection that has not sent anything is never closed.
  let listenerClosedAt = Number.POSITIVE_INFINITY;
  let sweep: NodeJS.Timeout | null = null;

  let accepted = 0;
  // One listener for every connection (called with the socket as `this`), not a closure per socket:
  // connections include every member's open websocket.
  function forget(this: Socket): void {
    connections.delete(this);
  }
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { served: 0, inFlight: 0 });
    socket.on('close', forget);
  });
  // An upgraded connection (a websocket) counts as used: realtime.close() has already told it to go.
  server.on('upgrade', (request) => {
    const state = connections.get(request.socket);
    if (state) state.served += 1;
  });
  server.prependListener('request', (request, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.served += 1;
    state.inFlight += 1;
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      state.inFlight -= 1;
      if (draining) closeIfIdle(request.socket);
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  function closeIfIdle(socket: Socket): boolean {
    const state = connections.get(socket);
    if (!state || state.inFlight > 0) return false;
    if (state.served === 0 && Date.now() - listenerClosedAt < freshGraceMs) return false;
    // Answered with `Connection: close`: Node is already ending it after the last byte; let it.
    if (socket.writableEnded) return false;
    socket.destroy();
    connections.delete(socket);
    return true;
  }

  function settled(): boolean {
    for (const socket of [...connections.keys()]) closeIfIdle(socket);
    return [...connections].every(([socket, state]) => state.inFlight > 0 || socket.writableEnded);
  }

  return {
    async start() {
      draining = true;
      const startedAt = Date.now();
      // Connections the kernel completed but Node has not accepted yet would be reset by closing the
      // listener. Each turn of the event loop accepts what is pending (its poll phase), so keep turning
      // until a few turns in a row and `acceptQuietMs` brought nothing new (at most `maxAcceptMs`, as
      // under steady traffic new ones keep coming), then stop listening. Clock time alone is not
      // enough: a busy loop may not have polled for a while.
      let quietTurns = 0;
      while (Date.now() - startedAt < maxAcceptMs) {
        const before = accepted;
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 5));
        quietTurns = accepted === before ? quietTurns + 1 : 0;
        if (quietTurns >= 3 && Date.now() - startedAt >= acceptQuietMs) break;
      }
      // Stop accepting; http.Server#close would also destroy connections whose request is unread.
      if (server.listening) NetServer.prototype.close.call(server);
      listenerClosedAt = Date.now();
      return new Promise<void>((resolve) => {
        const tick = () => {
          if (settled()) resolve();
        };
        sweep = setInterval(tick, 50);
        tick();
      });
    },
    stop() {
      if (sweep) clearInterval(sweep);
      sweep = null;
    },
  };
}
