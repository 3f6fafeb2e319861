import type { FastifyInstance } from 'fastify';
import { parseNothing } from './parse.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a query string (and parses it with its shared schema); others refuse one. */
    takesQuery?: boolean;
  }
}

/**
 * API routes refuse query parameters they do not know: routes that take a query string say so with
 * `config: { takesQuery: true }` and parse it with their strict schema; every other route answers 400
 * naming the parameter. A misspelt parameter (`?limt=10`) is an error, not a silently ignored default.
 */
export function refuseUnknownQueryParameters(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.takesQuery) return;
    parseNothing(request.query, 'query');
  });
}
