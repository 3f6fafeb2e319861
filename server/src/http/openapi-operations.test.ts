import { apiRoutes, type RouteContract } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeOperation, errorStatusesOf, operationIdOf, securityOf } from './openapi-operations.js';

const route = (info: Partial<RouteContract>): RouteContract => ({
  method: 'GET',
  path: '/things',
  group: 'public',
  summary: 'Things',
  data: z.null(),
  ...info,
});

describe('operationIdOf', () => {
  it('names an operation from its method and path, parameters as "By"', () => {
    expect(operationIdOf('GET', '/admin/users/:id')).toBe('getAdminUsersById');
    expect(operationIdOf('DELETE', '/admin/users/:id/sessions/:sessionId')).toBe(
      'deleteAdminUsersByIdSessionsBySessionId',
    );
    expect(operationIdOf('POST', '/auth/resend-welcome-email')).toBe('postAuthResendWelcomeEmail');
  });

  it('gives every route of the contract its own name', () => {
    const ids = apiRoutes().map((entry) => operationIdOf(entry.method, entry.path));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('errorStatusesOf', () => {
  it('declares what any route answers: refused input, failures, the database down', () => {
    expect(errorStatusesOf(route({}), { rateLimited: false })).toEqual([400, 500, 503]);
  });

  it('adds the guard, the id, the body, the rate limit and the route’s own rules', () => {
    const statuses = errorStatusesOf(
      route({ method: 'POST', path: '/admin/things/:id', group: 'admin', raises: ['conflict'] }),
      { rateLimited: true },
    );
    expect(statuses).toEqual([400, 401, 403, 404, 409, 413, 414, 415, 429, 500, 503]);
    expect(errorStatusesOf(route({ group: 'member' }), { rateLimited: false })).toContain(401);
    expect(errorStatusesOf(route({ group: 'member' }), { rateLimited: false })).not.toContain(403);
  });
});

describe('securityOf', () => {
  it('names the session, and the API key only where a route takes one', () => {
    expect(securityOf(route({}))).toEqual([]);
    expect(securityOf(route({ group: 'member' }))).toEqual([{ session: [] }]);
    expect(securityOf(route({ group: 'unlocked', apiKey: true }))).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(securityOf(route({ apiKey: true }))).toEqual([{}, { apiKey: [] }]);
  });

  it('declares what a key can be answered on a route that takes one: 401, 403 and its rate limit', () => {
    expect(errorStatusesOf(route({ apiKey: true }), { rateLimited: false })).toEqual([400, 401, 403, 429, 500, 503]);
  });

  it('lets no route that writes, nor the keys or sessions, take a key', () => {
    const taking = apiRoutes().filter((entry) => entry.apiKey);
    expect(taking.map((entry) => `${entry.method} ${entry.path}`).sort()).toEqual([
      'GET /auth/me',
      'GET /signals',
      'GET /signals/stats/performance',
      'GET /slots',
      'GET /track-record',
      'GET /track-record/summary',
      'GET /users/journal',
      'GET /users/risk-plan',
    ]);
  });
});

describe('completeOperation', () => {
  it('declares a download with its media types and keeps a status the contract already answers', () => {
    const operation: Record<string, unknown> = {
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } },
        503: { description: 'Degraded' },
      },
    };
    const contract = route({ file: true, media: ['text/csv'] });
    completeOperation(operation, { contract, errors: [400, 503] });
    const responses = operation.responses as Record<string, { description: string; content?: object }>;
    expect(Object.keys(responses)).toEqual(['200', '400', '503']);
    expect(responses['200']?.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
    expect(responses['503']?.description).toBe('Degraded');
    expect(responses['400']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/FailureEnvelope' } },
    });
  });

  it('declares the key budget’s header fields on the answers of a route a key may read', () => {
    const operation: Record<string, unknown> = { responses: { 200: { description: 'OK' } } };
    completeOperation(operation, { contract: route({ apiKey: true }), errors: [401, 429] });
    const responses = operation.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(Object.keys(responses['200']?.headers ?? {})).toEqual(['RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(responses['429']?.headers ?? {})).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit']);
    const bySession: Record<string, unknown> = { responses: { 200: { description: 'OK' } } };
    completeOperation(bySession, { contract: route({}), errors: [429] });
    const plain = bySession.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(plain['200']?.headers).toBeUndefined();
    expect(Object.keys(plain['429']?.headers ?? {})).toEqual(['Retry-After']);
  });
});
