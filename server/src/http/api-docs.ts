import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiRoutes, isApiKeyAttempt, REST_OF_PATH_PARAM, type RouteContract } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { nameSharedSchemas, usedComponents } from './api-components.js';
import { streamDocument, webhookOperations } from './event-documents.js';
import { readBearerToken } from './guards.js';
import {
  answersOf,
  completeOperation,
  errorStatusesOf,
  type OperationPlan,
  openToNewFields,
  operationIdOf,
  SECURITY_SCHEMES,
  securityOf,
} from './openapi-operations.js';
import { publicBaseUrl } from './public-url.js';

/** Where the API's documentation is served: the viewer, and the OpenAPI document at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';
/** The stream's AsyncAPI document. */
export const ASYNC_API_PATH = `${API_DOCS_PATH}/asyncapi.json`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every status the API route may answer, as its OpenAPI operation declares them. */
    answers?: number[];
    /** The route counts requests before validating them (its rate limits). */
    rateLimited?: boolean;
  }
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type RouteOf = Parameters<Transform>[0]['route'];

/** The contract entry a route serves, if it is an API route. */
function contractOf(route: RouteOf): RouteContract | undefined {
  return (route.config as { contract?: RouteContract } | undefined)?.contract;
}

/**
 * An API key presented to an operation that does not list the apiKey scheme: its 403 is described once,
 * on the scheme, rather than on every operation a client following the document never sends a key to.
 */
function isRefusedApiKey(request: FastifyRequest, status: number): boolean {
  const token = readBearerToken(request);
  return status === 403 && token !== null && isApiKeyAttempt(token) && !request.routeOptions.config?.contract?.apiKey;
}

/**
 * Notes on each API route what it may answer (`config.answers`, what its operation declares), and
 * refuses at start-up what would make the document lie or a generated client break: two routes with
 * one operationId, and a download that does not say what it is. An answer outside the declared ones is
 * logged as an error, so the document cannot drift from the server unnoticed.
 */
function checkDocumentedRoutes(app: FastifyInstance): void {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    const contract = route.config?.contract;
    if (!contract) return;
    // Rate limits are the hook that runs before validation (RouteHooks in contract-routes.ts).
    const preValidation = route.preValidation;
    const rateLimited = Array.isArray(preValidation) ? preValidation.length > 0 : Boolean(preValidation);
    route.config = { ...route.config, rateLimited, answers: answersOf(contract, { rateLimited }) };
    if (route.method === 'HEAD') return;
    const name = `${contract.method} ${contract.path}`;
    const id = operationIdOf(contract.method, contract.path);
    const other = seen.get(id);
    if (other && other !== name) throw new Error(`${name} and ${other} would share the operationId ${id}`);
    seen.set(id, name);
    if (contract.file && !contract.media?.length) {
      throw new Error(`${name} is a download and declares no media type (media in its contract entry)`);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    const answers = request.routeOptions.config?.answers;
    if (answers && !answers.includes(reply.statusCode) && !isRefusedApiKey(request, reply.statusCode)) {
      request.log.error(
        { status: reply.statusCode, route: `${request.method} ${request.routeOptions.url}` },
        'answer not declared in the OpenAPI document',
      );
    }
  });
}

/** One answer of an API route as sent: the operation it answers (method and contract path), and its body. */
export interface ObservedAnswer {
  method: string;
  path: string;
  status: number;
  body: string;
}
export type AnswerObserver = (answer: ObservedAnswer) => void;

/**
 * Hands every JSON answer of an API route to `observe` as it is sent (a test's conformance check), but
 * an API key's refusal by an operation that takes none (the key's scheme describes it, not the operation).
 */
export function observeAnswers(app: FastifyInstance, observe: AnswerObserver): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    const type = String(reply.getHeader('content-type') ?? '');
    const json = typeof payload === 'string' && type.startsWith('application/json');
    if (contract && json && !isRefusedApiKey(request, reply.statusCode)) {
      observe({ method: contract.method, path: contract.path, status: reply.statusCode, body: payload });
    }
    return payload;
  });
}

/**
 * OpenAPI generated from the contract's schemas (every route served from a contract entry carries a
 * tag, its guard group; routes outside the API, such as /metrics, have none and are left out), and
 * Swagger UI from the package's own files, so it works offline. Registered before the routes, since
 * the document is built from the routes as they are added.
 *
 * Each operation gets, without its route writing any of it: an operationId from its method and path,
 * `security: []` when public, every error status the server can answer for it (openapi-operations.ts)
 * with the failure envelope, a download's real media types and an upload's multipart body.
 */
export async function installApiDocs(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  nameSharedSchemas(apiRoutes());
  checkDocumentedRoutes(app);
  // Filled as the document is built (once, then cached by @fastify/swagger), read when it is completed.
  const plans = new Map<string, OperationPlan>();
  const transform: Transform = (input) => {
    const result = jsonSchemaTransform(input);
    const contract = contractOf(input.route);
    if (!contract) return result;
    const operationId = operationIdOf(contract.method, contract.path);
    const rateLimited = Boolean(input.route.config?.rateLimited);
    plans.set(operationId, { contract, errors: errorStatusesOf(contract, { rateLimited }) });
    return {
      ...result,
      schema: {
        ...result.schema,
        operationId,
        security: securityOf(contract),
      },
    };
  };
  const transformObject: TransformObject = (input) => {
    // The named schemas (api-components.ts) as components, each answer's and request's refs to them.
    const document = jsonSchemaTransformObject(input) as {
      paths?: Record<string, Record<string, Record<string, unknown>>>;
      components?: { schemas?: Record<string, unknown> };
      servers?: unknown;
    };
    // Fastify's trailing wildcard, `{*}`, is no parameter name OpenAPI tools accept: `{path}` instead.
    for (const [path, methods] of Object.entries(document.paths ?? {})) {
      if (!path.endsWith('/{*}')) continue;
      delete document.paths?.[path];
      (document.paths ?? {})[path.replace(/\/\{\*\}$/, `/{${REST_OF_PATH_PARAM}}`)] = methods;
      for (const operation of Object.values(methods)) {
        for (const parameter of (operation.parameters ?? []) as { name: string; in: string; description?: string }[]) {
          if (parameter.in !== 'path' || parameter.name !== '*') continue;
          parameter.name = REST_OF_PATH_PARAM;
          parameter.description = 'The file under this prefix, several path segments (e.g. 0/x001/234.p/5)';
        }
      }
    }
    for (const methods of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(methods)) {
        const plan = plans.get(String(operation.operationId));
        if (plan) completeOperation(operation, plan);
        openToNewFields(operation.responses);
      }
    }
    const generated = { ...document.components?.schemas };
    (document as { webhooks?: unknown }).webhooks = webhookOperations(generated);
    const schemas = usedComponents(document, generated);
    // A request's named schema is generated as `<Name>Input`, and keeps refusing unknown fields.
    for (const [name, schema] of Object.entries(schemas)) if (!name.endsWith('Input')) openToNewFields(schema);
    document.components = { ...document.components, schemas };
    // The web app and the API share one origin: the public address, or the one this process listens on.
    document.servers = [{ url: publicBaseUrl(ctx), description: 'This deployment' }];
    return document as ReturnType<TransformObject>;
  };
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12 (a null is a type, a $ref may be nullable) and it has
      // `webhooks`, where the bodies the server posts to members' endpoints are declared.
      openapi: '3.1.0',
      info: {
        title: `${ctx.config.PRODUCT_NAME} API`,
        description:
          'Every JSON answer is the envelope { success, message, data, error, timestamp }. Within /api (version 1) changes are additive: answers may gain fields, so clients must accept fields they do not know; a change that removes or redefines a field comes as a new version, with the old one kept through a deprecation window.',
        version: '1',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    hideUntagged: true,
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
  let stream: unknown = null;
  app.get(ASYNC_API_PATH, async () => {
    stream ??= streamDocument(ctx);
    return stream;
  });
}
