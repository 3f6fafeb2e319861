import type { ServerContext } from '../context.js';

const WILDCARD_OR_LOOPBACK = new Set(['0.0.0.0', '[::]', '::', '[::1]', '::1', '127.0.0.1']);

/**
 * A link base from the address the HTTP server listens on: a wildcard or loopback host becomes
 * `localhost` (what a browser on this machine opens), the port is the real one.
 */
export function linkBaseFromAddress(address: string): string {
  const url = new URL(address);
  if (WILDCARD_OR_LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  return url.origin;
}

/**
 * Base of every link the server writes (e-mails): PUBLIC_URL when the operator set it, otherwise the
 * address this process really listens on (known once it listens), so a link never names a port the
 * server is not on.
 */
export function publicBaseUrl(ctx: Pick<ServerContext, 'config' | 'listenUrl'>): string {
  const configured = ctx.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  if (ctx.listenUrl) return linkBaseFromAddress(ctx.listenUrl);
  return `http://localhost:${ctx.config.PORT}`;
}

/**
 * Whether members reach this deployment over https (PUBLIC_URL's scheme, in any case): then cookies are
 * Secure and browsers are told to keep to https (HSTS).
 */
export function servedOverHttps(ctx: Pick<ServerContext, 'config' | 'listenUrl'>): boolean {
  return new URL(publicBaseUrl(ctx)).protocol === 'https:';
}

/**
 * The origins this server's own pages are served from, which sockets are accepted from: PUBLIC_URL's
 * when set. Otherwise the address it listens on, as a browser on this machine names it: a wildcard or
 * loopback host as `localhost`, `127.0.0.1` and `[::1]` (with the real port), any other host as itself.
 * Before the server listens, the configured port stands in.
 */
export function ownOrigins(ctx: Pick<ServerContext, 'config' | 'listenUrl'>): string[] {
  if (ctx.config.PUBLIC_URL) return [new URL(ctx.config.PUBLIC_URL).origin];
  const url = new URL(ctx.listenUrl ?? `http://localhost:${ctx.config.PORT}`);
  if (!WILDCARD_OR_LOOPBACK.has(url.hostname) && url.hostname !== 'localhost') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `${url.protocol}//${host}${port}`);
}

/**
 * Base of the links in a mail sent in answer to a request: PUBLIC_URL when the operator set it;
 * otherwise the origin the browser used (its Origin header), when it is one this server serves or
 * allows, so a member who opened `127.0.0.1` gets `127.0.0.1` links (`localhost` is another origin to a
 * browser, with its own storage). Anything else gets the listening address.
 */
export function linkBaseFor(
  ctx: Pick<ServerContext, 'config' | 'listenUrl'>,
  requestOrigin: string | undefined,
): string {
  if (ctx.config.PUBLIC_URL || !requestOrigin) return publicBaseUrl(ctx);
  const allowed = new Set([...ownOrigins(ctx), ...ctx.config.allowedOrigins]);
  return allowed.has(requestOrigin) ? requestOrigin : publicBaseUrl(ctx);
}
