import type { ClientToServerEvents, ServerToClientEvents } from '@signalroom/shared';
import { io, type Socket } from 'socket.io-client';

/** The typed socket of the dashboard. Only dashboard code imports this module (lazily). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the realtime connection on the same origin (path /socket.io) with the session token in the
 * handshake; the server alone decides which rooms the socket joins. Reconnects by itself.
 */
export function connectSocket(token: string): AppSocket {
  return io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });
}
