import { apiRoutes, openApiPath, type RouteContract } from '@signalroom/shared';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModules } from '../../src/routes.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** A route as "METHOD /api/path/{param}", the form OpenAPI names it. */
const openApiName = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.startsWith('/api') ? openApiPath(path.slice('/api'.length)) : path}`;
const contractNames = apiRoutes()
  .map((route: RouteContract) => openApiName(route.method, `/api${route.path}`))
  .sort();

describe('the API contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('registers exactly the routes the contract declares, each with a declared response', async () => {
    // The modules registered again on a bare app, every route seen as it is added.
    const seen: RouteOptions[] = [];
    const app = Fastify();
    app.addHook('onRoute', (route) => {
      seen.push(route);
    });
    await registerModules(app, server.context);
    await app.ready();
    await app.close();

    const api = seen.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(0);
    for (const route of api) {
      expect(route.schema?.response, `${route.method} ${route.url} declares no response`).toBeDefined();
    }
    const registered = api.map((route) => openApiName(String(route.method), route.url)).sort();
    expect(registered).toEqual(contractNames);
  });

  it('serves OpenAPI generated from the contract at /api/docs/json, listing every route', async () => {
    const response = await fetch(`${server.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; tags: string[] }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => openApiName(method, path)))
      .sort();
    expect(documented).toEqual(contractNames);
    for (const route of apiRoutes()) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation?.tags).toEqual([route.group]);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(route.status ?? 200));
    }
    // The answer of a login, for one: the envelope around the session.
    const login = document.paths['/api/auth/login']?.post?.responses['200'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(login.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['success', 'message', 'data', 'error', 'timestamp']),
    );
  });

  it('serves the documentation viewer from its own files at /api/docs', async () => {
    const page = await fetch(`${server.url}/api/docs/`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    const script = await fetch(`${server.url}/api/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
  });
});
