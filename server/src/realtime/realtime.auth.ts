import type { ServerContext } from '../context.js';
import { authenticateToken } from '../http/guards.js';
import { hashSecret } from '../http/tokens.js';
import type { RealtimeSocket } from './realtime.types.js';

/**
 * Handshake middleware: authenticates `auth.token` like a bearer token. A missing, unknown, expired or
 * revoked token is not an error: the socket connects anonymously and only ever joins `public`.
 * A database failure refuses the connection so the client retries instead of being downgraded.
 */
export function createHandshakeAuth(ctx: ServerContext) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void): Promise<void> => {
    const raw: unknown = socket.handshake.auth?.token;
    const token = typeof raw === 'string' && raw.length > 0 ? raw : null;
    try {
      const user = await authenticateToken(ctx, token);
      socket.data.user = user;
      socket.data.tokenHash = user && token ? hashSecret(token) : null;
      next();
    } catch (error) {
      ctx.logger.warn({ err: error }, 'socket handshake failed');
      next(new Error('Service temporarily unavailable'));
    }
  };
}
