import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (session tokens, codes, keys...) by their name. */
const SECRET_PARAMETER = /token|code|secret|pass|key|sig|auth|session|otp|jwt/i;
export const REDACTED = '[redacted]';

/**
 * The URL with the value of every secret-looking query parameter replaced, for logs: the queue board
 * is opened with `?token=<board pass>` and the reset page with `?token=`, and a log line must not
 * hand out either. Names are matched loosely on purpose (over-redacting a log costs nothing).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const [query, hash = ''] = url.slice(q + 1).split('#', 2);
  const pairs = (query ?? '').split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is matched as sent.
    }
    return SECRET_PARAMETER.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q + 1)}${pairs.join('&')}${hash ? `#${hash}` : ''}`;
}

/** pino serializer of a request: Fastify's usual fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
