import { Messages, type RouteContract } from '@signalroom/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { enforceContract, serve } from './contract-routes.js';
import { ok } from './envelope.js';
import { installErrorHandler } from './error-handler.js';
import { routeGroup } from './route-groups.js';

// No route here reaches the database: the public group has no guard, and nothing else is called.
const ctx = {} as ServerContext;
const apps: FastifyInstance[] = [];

/** An app with the API scope of the server (contract enforced) and what `register` adds to it. */
async function apiWith(register: (api: FastifyInstance) => Promise<void> | void): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  installErrorHandler(app);
  await app.register(
    async (api) => {
      enforceContract(api);
      await register(api);
    },
    { prefix: '/api' },
  );
  return app;
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const Echo = {
  method: 'POST',
  path: '/echo',
  group: 'public',
  summary: 'Echo',
  body: z.object({ name: z.string({ error: 'Name is required' }) }).strict(),
  data: z.object({ name: z.string() }),
} as const satisfies RouteContract;

describe('the API contract on the server', () => {
  it('refuses to start with an /api route that has no contract entry (so no declared response)', async () => {
    const app = apiWith((api) => {
      api.get('/undeclared', async () => ok(null));
    });
    await expect(app).rejects.toThrow(/GET \/api\/undeclared has no contract entry/);
  });

  it('refuses a contract entry registered in a group other than its own', async () => {
    const app = apiWith((api) =>
      routeGroup(api, ctx, 'admin', (scope) => serve(scope, Echo, async () => ok({ name: 'x' }))),
    );
    await expect(app).rejects.toThrow(/declared in the public group but registered in the admin group/);
  });

  it('parses with the contract through the one parser: its messages, unknown fields named', async () => {
    const app = await apiWith((api) =>
      routeGroup(api, ctx, 'public', (scope) => serve(scope, Echo, async (request) => ok({ name: request.body.name }))),
    );
    const missing = await app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: 'Name is required', data: null });
    const unknown = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a', extra: 1 } });
    expect(unknown.json().message).toBe(Messages.common.unknownField('extra'));
    const fine = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a' } });
    expect(fine.json()).toMatchObject({ success: true, data: { name: 'a' }, error: null });
  });

  it('encodes answers with the contract: an undeclared field never leaves, a wrong shape is a 500', async () => {
    const app = await apiWith((api) =>
      routeGroup(api, ctx, 'public', (scope) => {
        serve(scope, Echo, async () => ok({ name: 'a', secret: 'never sent' } as { name: string }));
        serve(scope, { ...Echo, path: '/broken' }, async () => ok({ name: 42 } as unknown as { name: string }));
      }),
    );
    const extra = await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a' } });
    expect(extra.json().data).toEqual({ name: 'a' });
    const broken = await app.inject({ method: 'POST', url: '/api/broken', payload: { name: 'a' } });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toMatchObject({ success: false, error: { code: 'internal' } });
  });
});
