import type { IncomingMessage } from 'node:http';
import type { ServerContext } from '../context.js';
import { ownOrigins } from '../http/public-url.js';

/**
 * socket.io `allowRequest`: refuses a handshake whose Origin is neither one of this server's own
 * origins (PUBLIC_URL's, or without it the address it listens on; see ownOrigins) nor one of
 * ALLOWED_ORIGINS, so a page on another site cannot open a socket to us from a member's browser.
 *
 * A request without an Origin header is allowed. Browsers always send Origin on a WebSocket and on a
 * cross-site request, so a missing Origin never comes from another site's page; it comes from
 * non-browser clients (scripts, the bench fleet, server-side socket.io-client) and from a browser's
 * same-origin polling request, which does not carry one. The session token still decides what any
 * socket may see.
 */
export function createOriginCheck(ctx: Pick<ServerContext, 'config' | 'listenUrl'>) {
  const configured = new Set(ctx.config.allowedOrigins);
  // Without PUBLIC_URL the own origins depend on the port, known only once the server listens.
  let own = { for: ctx.listenUrl, origins: new Set(ownOrigins(ctx)) };
  const isOwn = (origin: string) => {
    if (own.for !== ctx.listenUrl) own = { for: ctx.listenUrl, origins: new Set(ownOrigins(ctx)) };
    return own.origins.has(origin);
  };
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void => {
    const origin = request.headers.origin;
    if (origin === undefined || configured.has(origin) || isOwn(origin)) callback(null, true);
    else callback('Origin not allowed', false);
  };
}
