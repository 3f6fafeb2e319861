import type { ClientToServerEvents, ServerToClientEvents, TUser } from '@signalroom/shared';
import type { Server, Socket } from 'socket.io';

/** What the server keeps on a socket: who it is, by which session (hash only). */
export interface SocketData {
  user: TUser | null;
  /** SHA-256 of the session token the socket authenticated with; null for anonymous sockets. */
  tokenHash: string | null;
}

// biome-ignore lint/suspicious/noEmptyInterface: no events between server processes; they talk through the bus
export interface InterServerEvents {}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
