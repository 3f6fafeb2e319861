import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config.js';

/**
 * socket.io `allowRequest`: refuses a handshake whose Origin is neither PUBLIC_URL's origin nor one of
 * ALLOWED_ORIGINS, so a page on another site cannot open a socket to us from a member's browser.
 *
 * A request without an Origin header is allowed. Browsers always send Origin on a WebSocket and on a
 * cross-site request, so a missing Origin never comes from another site's page; it comes from
 * non-browser clients (scripts, the bench fleet, server-side socket.io-client) and from a browser's
 * same-origin polling request, which does not carry one. The session token still decides what any
 * socket may see.
 */
export function createOriginCheck(config: Pick<AppConfig, 'PUBLIC_URL' | 'allowedOrigins'>) {
  const allowed = new Set([new URL(config.PUBLIC_URL).origin, ...config.allowedOrigins]);
  return (request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) callback(null, true);
    else callback('Origin not allowed', false);
  };
}
