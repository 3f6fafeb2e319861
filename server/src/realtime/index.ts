import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';

export interface Realtime {
  close(): Promise<void>;
}

/** Attaches socket.io to the HTTP server: handshake auth, rooms, bus relay. */
export async function attachRealtime(_app: FastifyInstance, _ctx: ServerContext): Promise<Realtime> {
  return { close: async () => {} };
}
