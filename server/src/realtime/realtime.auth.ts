import type { TUser } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { authenticateToken } from '../http/guards.js';
import { hashSecret } from '../http/tokens.js';
import { presentUser } from '../sessions/user-row.js';
import { setSocketMember } from './realtime.member.js';
import { createSessionLookup } from './realtime.session-batch.js';
import type { RealtimeSocket } from './realtime.types.js';

/**
 * Handshake middleware: authenticates `auth.token` like a bearer token. A missing, unknown, expired or
 * revoked token is not an error: the socket connects anonymously and only ever joins `public`.
 * A database failure refuses the connection so the client retries instead of being downgraded.
 *
 * Lookups are coalesced (realtime.session-batch.ts): after a restart every member reconnects at once,
 * and one query per socket would exhaust the database pool. `batched: false` is the former path, one
 * query per handshake, kept for the storm bench's same-run comparison.
 *
 * The socket keeps only its member's access fields (setSocketMember); the whole record just read is
 * handed once to the connection, for its first snapshot (`takeUser`), instead of being read again.
 */
export function createHandshakeAuth(ctx: ServerContext, options: { batched?: boolean } = {}) {
  const sessions = options.batched === false ? null : createSessionLookup(ctx);
  const readAtHandshake = new WeakMap<RealtimeSocket, TUser>();
  const authenticate = async (socket: RealtimeSocket, next: (error?: Error) => void): Promise<void> => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' && raw.length > 0 && raw.length <= 200 ? raw : null;
    try {
      const tokenHash = token ? hashSecret(token) : null;
      let user: TUser | null;
      if (sessions) {
        const row = tokenHash ? await sessions.find(tokenHash) : null;
        user = row ? presentUser(row) : null;
      } else user = await authenticateToken(ctx, token);
      setSocketMember(socket, user, tokenHash);
      if (user) readAtHandshake.set(socket, user);
      next();
    } catch (error) {
      ctx.logger.warn({ err: error }, 'socket handshake failed');
      next(new Error('Service temporarily unavailable'));
    }
  };
  return {
    authenticate,
    /** The record read when this socket authenticated (once; null for anonymous sockets). */
    takeUser(socket: RealtimeSocket): TUser | null {
      const user = readAtHandshake.get(socket) ?? null;
      readAtHandshake.delete(socket);
      return user;
    },
  };
}
