import type { ClientToServerEvents, ServerToClientEvents, TUser } from '@signalroom/shared';
import type { Server, Socket } from 'socket.io';

/**
 * What a socket keeps of its member: the fields its rooms and its view of signals follow (roomsFor,
 * signalAccessMode), not the whole profile. Every connected member pays for what is kept here, so the
 * whole record is read when a snapshot needs it (realtime.member.ts).
 */
export type SocketMember = Pick<TUser, 'id' | 'tier' | 'dashboardUnlocked' | 'role' | 'trialEndsAt'>;

/** What the server keeps on a socket: who it is, by which session (hash only). */
export interface SocketData {
  member: SocketMember | null;
  /** SHA-256 of the session token the socket authenticated with; null for anonymous sockets. */
  tokenHash: string | null;
  /** A digest of the member's whole record as the socket last had it: the sweep tells a change by it. */
  accountDigest: number | null;
}

// biome-ignore lint/suspicious/noEmptyInterface: no events between server processes; they talk through the bus
export interface InterServerEvents {}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
