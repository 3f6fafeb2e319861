import { apiRoutes, type RouteContract } from '@signalroom/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Browser tools on other sites read with a member's API key: the routes a key may call answer CORS for
 * any origin, without credentials. Nothing is opened to a session this way: a session token lives in
 * this site's own storage and is sent by hand, never by the browser on its own (no cookie), so a page
 * elsewhere has nothing of the member's to send. Every other route keeps the same-origin rule.
 */

/** What a cross-origin page may read of an answer besides the simple fields: the budget, the validator. */
const EXPOSED = 'RateLimit, RateLimit-Policy, Retry-After, ETag';
/** What a cross-origin page may send: the key, and a validator to poll with. */
const ALLOWED_HEADERS = 'Authorization, If-None-Match';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** The header fields that open an answer of a key-reading route to any origin. */
function openToAnyOrigin(reply: FastifyReply): void {
  reply.headers({
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED,
    // helmet's default keeps resources to this origin; these are meant to be read elsewhere.
    'cross-origin-resource-policy': 'cross-origin',
  });
}

/**
 * On the API scope: every answer of a route whose contract takes a key (refusals included, so a page
 * can read a 401 or a 429) carries the CORS fields. Registered before the key hook, so its refusals
 * carry them too.
 */
export function allowCrossOriginReads(api: FastifyInstance): void {
  api.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.contract?.apiKey) openToAnyOrigin(reply);
  });
}

/** A route's path as a pattern over the request's path (`:id` is one segment). */
function patternOf(route: RouteContract): RegExp {
  const escaped = route.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/api${escaped}$`);
}

/**
 * At the root, before routing decides anything: answers the browser's preflight (OPTIONS) for a
 * key-reading route with the methods and fields it may use. It is a hook rather than a route, so the
 * API keeps only the routes its contract declares; any other OPTIONS goes on to the 404 it always was,
 * and the browser refuses the call.
 */
export function answerPreflights(app: FastifyInstance): void {
  const reads = apiRoutes()
    .filter((route) => route.apiKey)
    .map((route) => ({ method: route.method, pattern: patternOf(route) }));
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'OPTIONS' || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0] ?? '';
    const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
    const methods = reads.filter((read) => read.pattern.test(path)).map((read) => read.method);
    if (!methods.some((method) => method === asked)) return;
    openToAnyOrigin(reply);
    reply
      .headers({
        'access-control-allow-methods': [...new Set(methods)].join(', '),
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': String(PREFLIGHT_MAX_AGE),
      })
      .status(204)
      .send();
    return reply;
  });
}
