import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { API_DOCS_PATH } from './api-docs.js';
import { ownOrigins, servedOverHttps } from './public-url.js';
import { BOARD_PATH } from './queue-board-path.js';

/**
 * The connect-src sources for the sockets of these http(s) origins: each origin's WebSocket form, once.
 * A CSP host source cannot name an IPv6 literal (`ws://[::1]:4300` is refused by the browser, with a
 * console error on every page); a page served from such an address reaches its own socket through
 * 'self', which covers ws/wss of the page's own origin.
 */
export function socketSources(origins: readonly string[]): string[] {
  const sources = origins
    .filter((origin) => !new URL(origin).hostname.startsWith('['))
    .map((origin) => origin.replace(/^http/, 'ws'));
  return [...new Set(sources)];
}

/**
 * Two third-party pages style themselves inline: the queue dashboard (a few style attributes) and the
 * API documentation viewer (Swagger UI adds a <style> element from its script). Nothing else may;
 * scripts stay our own files everywhere.
 */
function styleSources(request: IncomingMessage): string {
  const url = request.url ?? '';
  return url.startsWith(BOARD_PATH) || url.startsWith(API_DOCS_PATH) ? "'self' 'unsafe-inline'" : "'self'";
}

/**
 * Security headers on every answer (helmet) and no caching of anything a session can see.
 * - Content-Security-Policy: scripts, styles, fonts and images from our own origin only (images also as
 *   data: and blob: URLs); the page may talk to its own origin and to its socket (ws/wss of the public
 *   origin, see ownOrigins, and of every allowed origin); no plugins, no framing by anyone (frame-ancestors 'none'), forms and
 *   <base> to our origin only. The built web app has no inline script or style, so nothing needs
 *   'unsafe-inline'; tests/e2e/security-headers.test.ts loads it and listens for violations.
 * - Strict-Transport-Security only when PUBLIC_URL is https (an http deployment must stay reachable).
 * - A route may set its own, stricter policy (the proof file download: `default-src 'none'; sandbox`);
 *   the route's header replaces this one.
 * - Referrer-Policy no-referrer: reset links carry their token in the address.
 * - X-Content-Type-Options nosniff, X-Frame-Options DENY, and helmet's cross-origin isolation headers.
 * - Cache-Control no-store on every answer to a request with a bearer token, on every /api/auth/* answer
 *   (sessions and user data) and on the queue dashboard, so no browser or proxy keeps a copy.
 */
export async function installSecurityHeaders(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const https = servedOverHttps(ctx);
  const allowedSockets = socketSources(ctx.config.allowedOrigins);
  // This server's own socket origins; without PUBLIC_URL they follow the port, known once it listens.
  const ownSockets = () => socketSources(ownOrigins(ctx)).join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: [styleSources],
        // blob: for the admin's preview of an uploaded proof image (fetched with the session, shown from memory).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ownSockets, ...allowedSockets],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (request.headers.authorization || url.startsWith('/api/auth/') || url.startsWith(BOARD_PATH)) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
