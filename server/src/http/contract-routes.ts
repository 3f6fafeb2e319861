import {
  type DataOf,
  type Envelope,
  envelopeOf,
  type GuardGroup,
  type RouteContract,
  ZFailureEnvelope,
} from '@signalroom/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { securityOf } from './openapi-operations.js';
import { parseWith, type RequestPart } from './parse.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry the route serves (every /api route has one). */
    contract?: RouteContract;
  }
}

/** The request a contract's handler gets: its parts already parsed with the contract's schemas. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Body: C['body'] extends z.ZodType ? z.output<C['body']> : unknown;
  Querystring: C['query'] extends z.ZodType ? z.output<C['query']> : unknown;
  Params: C['params'] extends z.ZodType ? z.output<C['params']> : unknown;
}>;

/** A handler answers the envelope of the contract's data (a file route sends its bytes on the reply). */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<C['file'] extends true ? FastifyReply : Envelope<DataOf<C>>>;

/** Hooks a route adds to its group's guard: a size check before anything is read, its rate limits. */
export interface RouteHooks {
  onRequest?: onRequestAsyncHookHandler;
  /** Runs before the request is validated, so refused input counts against a limit like any other. */
  preValidation?: preValidationAsyncHookHandler | preValidationAsyncHookHandler[];
  /** Runs for every answer, refusals included (a timing floor). */
  onSend?: onSendAsyncHookHandler;
}

/**
 * Request parts are parsed with the contract's zod schemas through the one parser of the API
 * (parse.ts), so the field messages, "Unknown field: x." and the envelope stay what they were.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part: RequestPart = httpPart === 'querystring' ? 'query' : httpPart === 'params' ? 'params' : 'body';
  return (data) => {
    try {
      return { value: parseWith(schema, data, part) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/** Answers are encoded with the contract's schemas: a field the contract does not declare never leaves. */
export const contractSerializerCompiler = serializerCompiler;

/** The Fastify schema of a contract entry: request parts and the envelope of each success status. */
export function fastifySchemaOf(contract: RouteContract): FastifySchema {
  const envelope = envelopeOf(contract.data, contract.paged);
  const response: Record<number, z.ZodType> = { [contract.status ?? 200]: contract.file ? contract.data : envelope };
  // A status that also answers the data may equally carry a failure (a 503 from the error handler).
  for (const status of contract.alsoAnswers ?? []) response[status] = envelope.or(ZFailureEnvelope);
  return {
    summary: contract.summary,
    tags: [contract.group],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.group === 'public' && !contract.apiKey ? {} : { security: securityOf(contract) }),
    response,
  };
}

/** Registers the route a contract entry declares, in a scope of the contract's guard group. */
export function serve<C extends RouteContract>(
  scope: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  hooks: RouteHooks = {},
): void {
  scope.route({
    method: contract.method,
    url: contract.path,
    schema: fastifySchemaOf(contract),
    config: { contract, takesQuery: Boolean(contract.query) },
    ...hooks,
    handler: async (request, reply) => {
      if (contract.status) reply.status(contract.status);
      return handler(request as ContractRequest<C>, reply);
    },
  });
}

/**
 * Makes a scope (the API under /api) serve its contract: request parts parsed and answers encoded with
 * the contract's zod schemas, and every route in it required to come from a contract entry.
 */
export function enforceContract(api: FastifyInstance): void {
  api.setValidatorCompiler(contractValidatorCompiler);
  api.setSerializerCompiler(contractSerializerCompiler);
  api.decorateRequest('member', null);
  api.addHook('onRoute', (route) => assertDeclaredRoute(route));
}

/**
 * Refuses, when the server starts, an /api route that is not served from a contract entry (so it has no
 * declared response) or that sits in a group other than its contract's.
 */
export function assertDeclaredRoute(
  route: { method: string | string[]; url: string; config?: { contract?: RouteContract }; schema?: FastifySchema },
  group?: GuardGroup,
): void {
  const contract = route.config?.contract;
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  if (!contract || !route.schema?.response) {
    throw new Error(`${name} has no contract entry (declare it in shared/src/api and register it with serve())`);
  }
  if (group && contract.group !== group) {
    throw new Error(`${name} is declared in the ${contract.group} group but registered in the ${group} group`);
  }
}
