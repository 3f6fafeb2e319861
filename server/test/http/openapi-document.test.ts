import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import {
  apiRoutes,
  openApiPath,
  type RouteContract,
  type TCreatedApiKey,
  WEBHOOK_MESSAGE_EVENTS,
  ZFailureEnvelope,
} from '@signalroom/shared';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installApiDocs } from '../../src/http/api-docs.js';
import { enforceContract, fastifySchemaOf } from '../../src/http/contract-routes.js';
import { type Document, DocumentValidator, type StreamDocument } from '../helpers/answer-conformance.js';
import { createMember } from '../helpers/factories.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** The operation a request reached: its method and the contract path it matched. */
function operationFor(document: OpenApiDocument, method: string, contractPath: string): Operation {
  const operation = document.paths[openApiPath(contractPath)]?.[method.toLowerCase()];
  if (!operation) throw new Error(`No operation for ${method} ${contractPath}`);
  return operation;
}

/** Every local `$ref` of a document that points at nothing in it. */
function unresolvedRefs(root: unknown): string[] {
  const missing: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
          let target: unknown = root;
          for (const part of value.slice(2).split('/'))
            target = (target as Record<string, unknown> | undefined)?.[part];
          if (target === undefined) missing.push(value);
        } else walk(value);
      }
    }
  };
  walk(root);
  return missing;
}

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  let source: string;
  let log: LogCapture;
  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream: log.stream });
    const response = await fetch(`${server.url}/api/docs/json`);
    source = await response.text();
    document = JSON.parse(source) as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.close();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('passes the recommended ruleset of Redocly with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual(
      [],
    );
  });

  it('names every operation once, with a summary, and says which need no session', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(apiRoutes().length);
    for (const { name, operation } of operations()) expect(operation.summary, name).toBeTruthy();
    expect(operationFor(document, 'GET', '/admin/users/:id').operationId).toBe('getAdminUsersById');
    for (const route of apiRoutes()) {
      const operation = operationFor(document, route.method, route.path);
      const key = route.apiKey ? [{ apiKey: [] }] : [];
      if (route.group === 'public') expect(operation.security, route.path).toEqual(route.apiKey ? [{}, ...key] : []);
      else expect(operation.security, route.path).toEqual([{ session: [] }, ...key]);
    }
    // The reads that take an API key declare it; the key routes themselves and every write do not.
    expect(operationFor(document, 'GET', '/signals').security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(operationFor(document, 'GET', '/track-record').security).toEqual([{}, { apiKey: [] }]);
    expect(operationFor(document, 'POST', '/users/api-keys').security).toEqual([{ session: [] }]);
    expect(operationFor(document, 'PUT', '/users/profile').security).toEqual([{ session: [] }]);
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.servers?.[0]?.url).toBe('http://localhost:5173');
  });

  it('declares the error answers the server raises, in the failure envelope', () => {
    const statuses = (method: string, path: string) =>
      Object.keys(operationFor(document, method, path).responses).map(Number);
    // Public, no id, no body: refused input (an unknown query parameter), failures, the database down.
    expect(statuses('GET', '/stats/public')).toEqual([200, 400, 500, 503]);
    // A member's call: 401 without a session; an admin's: 403 for a member; an id: 404.
    expect(statuses('GET', '/users/sessions')).toEqual(expect.arrayContaining([401]));
    expect(statuses('GET', '/users/sessions')).not.toContain(403);
    // A read that takes an API key: 401 for a revoked key, 403 for a member without live access, 429 past its limit.
    expect(statuses('GET', '/auth/me')).toEqual(expect.arrayContaining([401, 403, 429]));
    expect(statuses('GET', '/admin/users/:id')).toEqual(expect.arrayContaining([401, 403, 404]));
    // A rate-limited body: 413, 415 and 429.
    expect(statuses('POST', '/auth/login')).toEqual(expect.arrayContaining([400, 413, 415, 429]));
    expect(statuses('POST', '/activation/proof')).toEqual(expect.arrayContaining([201, 413, 415, 429]));
    const unauthorized = operationFor(document, 'GET', '/auth/me').responses['401'];
    expect(unauthorized?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/FailureEnvelope' } },
    });
  });

  it('declares what each download really is, and the upload as multipart', () => {
    const mediaOf = (method: string, path: string) =>
      Object.keys(operationFor(document, method, path).responses['200']?.content ?? {});
    expect(mediaOf('GET', '/admin/members/export')).toEqual(['text/csv']);
    expect(mediaOf('GET', '/bot-access/submissions/export')).toEqual(['text/csv']);
    expect(mediaOf('GET', '/track-record/download')).toEqual(['application/x-ndjson']);
    expect(mediaOf('GET', '/users/export')).toEqual(['application/json']);
    const upload = operationFor(document, 'POST', '/activation/proof') as Operation & {
      requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    // The text fields beside the file, inline (the form's own schema is a named component elsewhere).
    expect(Object.keys(upload.requestBody?.content['multipart/form-data']?.schema.properties ?? {}).sort()).toEqual([
      'accessPath',
      'brokerAccount',
      'depositAmount',
      'file',
    ]);
    expect(upload.requestBody?.content['multipart/form-data']?.schema.properties.file).toEqual({
      type: 'string',
      format: 'binary',
    });
  });

  it('generates a client that type-checks, calls the public operations and reads signals with an API key', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const created = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', {
      token: member.token,
      body: { name: 'Generated client' },
    });
    expect(created.status).toBe(201);
    const apiKey = (created.body.data as TCreatedApiKey).secret;
    const signal = await insertSignal(server.context.db, {
      slotStart: new Date(Date.UTC(2026, 10, 2, 9, 0)),
      asset: 'GBP/USD',
    });
    const types = astToString(await openapiTS(source));
    // Inside the repository, so the client resolves openapi-fetch from its node_modules.
    const folder = join(ROOT, 'node_modules', '.cache', `openapi-client-${process.pid}`);
    await mkdir(folder, { recursive: true });
    try {
      await writeFile(join(folder, 'api.d.ts'), types);
      await writeFile(
        join(folder, 'client.ts'),
        [
          "import createClient from 'openapi-fetch';",
          "import type { paths } from './api.js';",
          '',
          'export async function callPublic(baseUrl: string) {',
          '  const client = createClient<paths>({ baseUrl });',
          "  const stats = await client.GET('/api/stats/public');",
          "  const head = await client.GET('/api/track-record/head');",
          "  const me = await client.GET('/api/auth/me');",
          '  const members: number | undefined = stats.data?.data?.members;',
          '  const length: number | undefined = head.data?.data?.length;',
          '  const refusal: string | undefined = me.error?.error.code;',
          '  return { members, length, refusal, statuses: [stats.response.status, head.response.status, me.response.status] };',
          '}',
          '',
          'export async function readSignals(baseUrl: string, apiKey: string) {',
          '  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });',
          "  const signals = await client.GET('/api/signals', { params: { query: {} } });",
          '  const ids: string[] = (signals.data?.data ?? []).map((s) => s.id);',
          '  return { status: signals.response.status, ids };',
          '}',
          '',
        ].join('\n'),
      );
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext'];
      await run(process.execPath, [tsc, ...args, '--moduleResolution', 'nodenext', join(folder, 'client.ts')], {
        cwd: ROOT,
      }).catch((error: { stdout?: string }) => {
        throw new Error(`The generated client does not type-check:\n${error.stdout ?? String(error)}`);
      });
      const { callPublic, readSignals } = (await import(join(folder, 'client.ts'))) as {
        callPublic(baseUrl: string): Promise<{
          members?: number;
          length?: number;
          refusal?: string;
          statuses: number[];
        }>;
        readSignals(baseUrl: string, apiKey: string): Promise<{ status: number; ids: string[] }>;
      };
      const answers = await callPublic(server.url);
      expect(answers.statuses).toEqual([200, 200, 401]);
      expect(answers.members).toBeTypeOf('number');
      expect(answers.length).toBeTypeOf('number');
      expect(answers.refusal).toBe('unauthorized');
      // The key's own bearer scheme: the generated client reads the member's signals with it.
      const read = await readSignals(server.url, apiKey);
      expect(read.status).toBe(200);
      expect(read.ids).toContain(signal.id);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);

  it('declares the status of every refusal real requests get, for the operation they reached', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const admin = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    const unconfirmed = await createMember(server.context.db, { emailVerified: false });
    const login = (email: string, password: string) => JSON.stringify({ email, password });
    const cases: {
      method: string;
      path: string;
      contractPath: string;
      status: number;
      token?: string;
      rawBody?: string;
      headers?: Record<string, string>;
    }[] = [
      { method: 'GET', path: '/api/auth/me', contractPath: '/auth/me', status: 401 },
      { method: 'GET', path: '/api/signals', contractPath: '/signals', status: 401 },
      { method: 'GET', path: '/api/admin/users', contractPath: '/admin/users', status: 403, token: member.token },
      {
        method: 'GET',
        path: '/api/admin/members/export',
        contractPath: '/admin/members/export',
        status: 403,
        token: member.token,
      },
      { method: 'POST', path: '/api/auth/login', contractPath: '/auth/login', status: 400, rawBody: '{}' },
      { method: 'POST', path: '/api/auth/login', contractPath: '/auth/login', status: 400, rawBody: '{"email":' },
      { method: 'GET', path: '/api/stats/public?limt=10', contractPath: '/stats/public', status: 400 },
      {
        method: 'POST',
        path: '/api/auth/login',
        contractPath: '/auth/login',
        status: 415,
        rawBody: '<login/>',
        headers: { 'content-type': 'application/xml' },
      },
      {
        method: 'GET',
        path: '/api/admin/users/00000000-0000-4000-8000-000000000000',
        contractPath: '/admin/users/:id',
        status: 404,
        token: admin.token,
      },
      {
        method: 'GET',
        path: '/api/bot-access/submissions/00000000-0000-4000-8000-000000000000',
        contractPath: '/bot-access/submissions/:id',
        status: 404,
        token: admin.token,
      },
      {
        method: 'GET',
        path: `/api/admin/users/${'x'.repeat(120)}`,
        contractPath: '/admin/users/:id',
        status: 414,
      },
      // Refusals of the calls' own rules, which their contract entries declare (`raises`).
      {
        method: 'POST',
        path: '/api/auth/login',
        contractPath: '/auth/login',
        status: 401,
        rawBody: login(member.user.email, 'Wr0ngPassword'),
      },
      {
        method: 'POST',
        path: '/api/auth/login',
        contractPath: '/auth/login',
        status: 403,
        rawBody: login(unconfirmed.user.email, unconfirmed.password),
      },
      // The only admin cannot delete their account (last, since it would end the admin's session).
      {
        method: 'DELETE',
        path: '/api/users/me',
        contractPath: '/users/me',
        status: 409,
        token: admin.token,
        rawBody: JSON.stringify({ password: admin.password }),
      },
    ];
    for (const request of cases) {
      const { status, body } = await server.api(request.method, request.path, {
        ...(request.token ? { token: request.token } : {}),
        ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}),
        ...(request.headers ? { headers: request.headers } : {}),
      });
      const name = `${request.method} ${request.path}`;
      expect(status, name).toBe(request.status);
      expect(ZFailureEnvelope.safeParse(body).success, name).toBe(true);
      const declared = Object.keys(operationFor(document, request.method, request.contractPath).responses);
      expect(declared, name).toContain(String(status));
    }
    // The server's own alarm for an answer its document does not declare stayed silent.
    expect(log.text()).not.toContain('answer not declared');
  });

  it('describes real answers as a strict validator (ajv) reads them: nulls, open objects, the export, 304', async () => {
    const validator = new DocumentValidator(document as unknown as Document);
    const member = await createMember(server.context.db, { tier: 'gold' });
    // An open signal: outcome, status details and exit price still null.
    await insertSignal(server.context.db, { slotStart: new Date(Date.now() - 60_000) });
    const checks: { method: string; contractPath: string; path: string; token?: string }[] = [
      { method: 'GET', contractPath: '/signals', path: '/api/signals', token: member.token },
      {
        method: 'GET',
        contractPath: '/signals/stats/performance',
        path: '/api/signals/stats/performance',
        token: member.token,
      },
      { method: 'GET', contractPath: '/auth/me', path: '/api/auth/me', token: member.token },
      { method: 'GET', contractPath: '/users/export', path: '/api/users/export', token: member.token },
      { method: 'GET', contractPath: '/stats/public', path: '/api/stats/public' },
      { method: 'GET', contractPath: '/track-record/summary', path: '/api/track-record/summary' },
      { method: 'GET', contractPath: '/slots', path: '/api/slots' },
    ];
    const failures: string[] = [];
    for (const check of checks) {
      const response = await fetch(`${server.url}${check.path}`, {
        headers: check.token ? { authorization: `Bearer ${check.token}` } : {},
      });
      expect([check.path, response.status]).toEqual([check.path, 200]);
      const body = await response.text();
      const problem = validator.problemOf({ method: check.method, path: check.contractPath, status: 200, body });
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);

    // The signal list's poll answers 304 to its own ETag, and the document says so.
    const first = await fetch(`${server.url}/api/signals`, { headers: { authorization: `Bearer ${member.token}` } });
    const etag = first.headers.get('etag') as string;
    const again = await fetch(`${server.url}/api/signals`, {
      headers: { authorization: `Bearer ${member.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(Object.keys(operationFor(document, 'GET', '/signals').responses)).toContain('304');
    expect(log.text()).not.toContain('answer not declared');
  });

  it('declares each webhook event with its body and its Standard Webhooks headers', () => {
    const webhooks = (document as unknown as Document).webhooks ?? {};
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_MESSAGE_EVENTS].sort());
    const issued = webhooks['signal.issued']?.post as {
      parameters: { name: string }[];
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(issued.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const body = issued.requestBody.content['application/json']?.schema;
    expect(body?.properties.timestamp).toEqual({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(body?.properties.data)).toContain('#/components/schemas/Signal');
    expect(unresolvedRefs(document)).toEqual([]);
  });

  it('describes the stream in an AsyncAPI 3 document that the specification’s own schema accepts', async () => {
    const response = await fetch(`${server.url}/api/docs/asyncapi.json`);
    expect(response.status).toBe(200);
    const stream = (await response.json()) as StreamDocument & { asyncapi: string };
    // The published JSON Schema of AsyncAPI 3.0.0 (github.com/asyncapi/spec-json-schemas, @asyncapi/specs).
    const specification = JSON.parse(
      await readFile(join(ROOT, 'node_modules/@asyncapi/specs/schemas/3.0.0.json'), 'utf8'),
    ) as object;
    // The specification's bundle carries its own copy of draft 7, under the id ajv gives its own.
    const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false });
    addFormats(ajv);
    const validate = ajv.compile(specification);
    expect(validate(stream) ? [] : validate.errors).toEqual([]);
    expect(stream.asyncapi).toBe('3.0.0');
    expect(Object.values(stream.components.messages).map((m) => m.name)).toEqual([
      'ready',
      'signal.issued',
      'signal.updated',
      'signal.resolved',
      'stats',
      'plan',
    ]);
    expect(unresolvedRefs(stream)).toEqual([]);
  });

  it('logs an answer a route gives that its operation does not declare', async () => {
    const appLog = captureLog();
    const app = Fastify({ logger: { level: 'error', stream: appLog.stream } });
    await installApiDocs(app, server.context);
    enforceContract(app);
    const contract: RouteContract = {
      method: 'GET',
      path: '/things',
      group: 'public',
      summary: 'Things',
      data: z.null(),
    };
    app.route({
      method: 'GET',
      url: '/api/things',
      schema: fastifySchemaOf(contract),
      config: { contract },
      handler: async (_request, reply) => reply.status(409).send({ success: false }),
    });
    await app.ready();
    const answer = await app.inject({ method: 'GET', url: '/api/things' });
    await app.close();
    expect(answer.statusCode).toBe(409);
    expect(appLog.text()).toContain('answer not declared in the OpenAPI document');
    expect(appLog.text()).toContain('GET /api/things');
  });
});
