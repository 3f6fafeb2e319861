import {
  ERROR_STATUS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENT_REPLAYED_HEADER,
  type RouteContract,
} from '@signalroom/shared';
import { z } from 'zod';

/**
 * What the OpenAPI document says about each operation beyond its schemas, derived from where the
 * server decides it (the contract entry, the group's guard, the route's hooks, the error handler), so
 * the document cannot drift from the server: a new route gets all of it without writing any of it.
 */

/** The security schemes of the document: a member's session token, and a member's API key. */
export const SECURITY_SCHEMES = {
  session: { type: 'http', scheme: 'bearer', description: 'The session token from logging in' },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sr_…',
    description:
      'A member’s API key (Authorization: Bearer sr_...), created in Profile Settings. Accepted only by ' +
      'the operations that list it, with the access of the member’s session; every other operation ' +
      'refuses it with 403. Each key has its own rate limit.',
  },
} as const;

/** Who may call an operation: nothing for a public one, a session otherwise; or an API key where one is taken. */
export function securityOf(contract: RouteContract): Record<string, string[]>[] {
  const base = contract.group === 'public' ? [] : [{ session: [] as string[] }];
  if (!contract.apiKey) return base;
  // Public with a key: either no credentials at all, or a key (then checked like anywhere else).
  return contract.group === 'public' ? [{}, { apiKey: [] }] : [...base, { apiKey: [] }];
}

/** The name of the failure envelope in `components.schemas`. */
export const FAILURE_SCHEMA = 'FailureEnvelope';

/**
 * A stable operationId from the method and the path: `GET /admin/users/:id` → `getAdminUsersById`.
 * Deterministic, so a generated client keeps its names as long as the route keeps its address.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

/** Methods whose body Fastify reads: these can answer 413 (over the body limit) and 415 (a type it does not read). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Groups whose guard refuses a member who has a session but not the access (403). */
const GROUPS_WITH_403 = new Set(['unlocked', 'live', 'tier', 'desk', 'admin']);

/** What a route's registration says beyond its contract entry. */
export interface RouteFacts {
  /** The route counts requests before validating them (the API's hook for rate limits). */
  rateLimited: boolean;
}

/** Why each error status is answered, as the document describes it. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Refused input: a body, path or query field the contract does not accept (error.fields names each, with its message), malformed JSON, or a query parameter the route does not take',
  401: 'Not signed in: no session, an expired or revoked one, an API key that is malformed, unknown, revoked or expired (the message says which), or wrong credentials',
  403: 'Not allowed: the member may not make this call (the message says why)',
  404: 'Not found: nothing with this id, or nothing of the kind yet',
  409: 'Refused by a rule of the call in the current state (the message says which), or the first request with this Idempotency-Key is still being handled (Retry-After)',
  413: 'The body is larger than the route accepts',
  414: 'A path parameter longer than any the API takes',
  415: 'The body is in a media type the route does not read',
  422: 'The Idempotency-Key was used with another request in the last 24 hours',
  429: 'Too many attempts: error.retryAfterSeconds (and the Retry-After header) says how long to wait',
  500: 'An unexpected failure on the server',
  503: 'The database is unavailable for the moment: try again',
};

/**
 * Every error status a route can answer, from where the server raises it: the error handler (400 for
 * refused input on any route, since every route refuses unknown query parameters; 500; 503 when the
 * database is unavailable), the group's guard (401, 403), the route's path (404 for an id, 414 for one
 * over the router's length), its method
 * (413 and 415 for a body) and its hooks (429 for rate limits); and what its contract entry says its own
 * rules raise (`raises`).
 */
export function errorStatusesOf(contract: RouteContract, facts: RouteFacts): number[] {
  const statuses = [400, 500, 503];
  if (contract.group !== 'public') statuses.push(401);
  if (GROUPS_WITH_403.has(contract.group)) statuses.push(403);
  // A route that takes an API key: 401 for an unknown or revoked key, 403 when its member has lost live
  // access, 429 past the key's own rate limit.
  if (contract.apiKey) statuses.push(401, 403, 429);
  if (/:\w+/.test(contract.path)) statuses.push(404, 414);
  if (BODY_METHODS.has(contract.method) || contract.upload) statuses.push(413, 415);
  if (facts.rateLimited) statuses.push(429);
  // A create with an Idempotency-Key: 409 while the first is handled, 422 for the key with another request.
  if (contract.idempotent) statuses.push(409, 422);
  for (const code of contract.raises ?? []) statuses.push(ERROR_STATUS[code]);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

/** Every status a route may answer: its successes and its errors. */
export function answersOf(contract: RouteContract, facts: RouteFacts): number[] {
  const successes = [contract.status ?? 200, ...(contract.alsoAnswers ?? []), ...(contract.etag ? [304] : [])];
  return [...new Set([...successes, ...errorStatusesOf(contract, facts)])].sort((a, b) => a - b);
}

type JsonObject = Record<string, unknown>;

/**
 * The header fields every answer to an API key carries (IETF rate-limit headers): the key's request
 * budget and what is left of it.
 */
export const BUDGET_HEADERS: JsonObject = {
  'RateLimit-Policy': {
    description: 'The API key\'s budget: `"api-key";q=<requests>;w=<window in seconds>`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of it now: `"api-key";r=<requests remaining>;t=<seconds until the window ends>`',
    schema: { type: 'string' },
  },
};

/** The header a create takes to be retried safely. */
const IDEMPOTENCY_PARAMETER: JsonObject = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Any visible text up to 255 characters, new for each request (a random UUID): within 24 hours the same key and body answer the first answer again and create nothing; the key with another body answers 422; while the first is being handled, 409',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
};

/** The tag of a read that can answer 304, and how a poll sends it back. */
const ETAG_HEADER: JsonObject = {
  ETag: { description: 'The version of this answer, for If-None-Match on the next poll', schema: { type: 'string' } },
};
const IF_NONE_MATCH_PARAMETER: JsonObject = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of the answer held: 304 with no body while it is still current',
  schema: { type: 'string' },
};

/** Set on the answer a repeated Idempotency-Key gets: the first answer, kept. */
const REPLAYED_HEADER: JsonObject = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description: '`true` when this is the first answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string' },
  },
};

/** A response of the failure envelope for one status (a 429 of a key-reading route also says its budget). */
function failureResponse(status: number, apiKey: boolean): JsonObject {
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'An error',
    ...(status === 429
      ? {
          headers: {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
            ...(apiKey ? BUDGET_HEADERS : {}),
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${FAILURE_SCHEMA}` } } },
  };
}

/** What the document adds to one operation, found by its operationId. */
export interface OperationPlan {
  contract: RouteContract;
  errors: number[];
}

/**
 * Completes one operation of the generated document: its error answers (those a status of the
 * contract already declares stay as they are), a download's real media types, and an upload's
 * multipart body.
 */
export function completeOperation(operation: JsonObject, plan: OperationPlan): void {
  const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
  const { contract } = plan;
  if (contract.media) {
    const success = responses[String(contract.status ?? 200)];
    const content = success?.content as Record<string, JsonObject> | undefined;
    const schema = content ? Object.values(content)[0]?.schema : { type: 'string', format: 'binary' };
    if (success) success.content = Object.fromEntries(contract.media.map((type) => [type, { schema }]));
  }
  for (const status of plan.errors) {
    responses[String(status)] ??= failureResponse(status, Boolean(contract.apiKey));
  }
  if (contract.idempotent) {
    const parameters = (operation.parameters ?? []) as JsonObject[];
    operation.parameters = [...parameters, IDEMPOTENCY_PARAMETER];
    const success = responses[String(contract.status ?? 200)];
    if (success) success.headers = { ...(success.headers as JsonObject | undefined), ...REPLAYED_HEADER };
  }
  if (contract.etag) {
    const parameters = (operation.parameters ?? []) as JsonObject[];
    operation.parameters = [...parameters, IF_NONE_MATCH_PARAMETER];
    const success = responses[String(contract.status ?? 200)];
    if (success) success.headers = { ...(success.headers as JsonObject | undefined), ...ETAG_HEADER };
    responses['304'] = {
      description: 'Not modified: the ETag in If-None-Match is still current; no body (keep what you have)',
      headers: ETAG_HEADER,
    };
  }
  if (contract.apiKey) {
    // The success of a route a key may read tells the key's budget (a session's answer carries none).
    const success = responses[String(contract.status ?? 200)];
    if (success) success.headers = { ...(success.headers as JsonObject | undefined), ...BUDGET_HEADERS };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  if (contract.upload) {
    // With no registry, every part is inline: a multipart body lists its fields one by one, and a
    // reference to a named component there would point at a definition this schema does not carry.
    const fields = z.toJSONSchema(contract.upload.fields, {
      target: 'draft-2020-12',
      io: 'input',
      metadata: z.registry(),
    }) as {
      properties?: JsonObject;
      required?: string[];
    };
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...fields.properties, [contract.upload.file]: { type: 'string', format: 'binary' } },
            required: [...(fields.required ?? []), contract.upload.file],
          },
        },
      },
    };
  }
}

/**
 * Keeps an answer's objects open to new fields, as generated clients must read them: within /api v1 a
 * change is additive, so a client must not be broken by a field it does not know. (Request bodies keep
 * refusing unknown fields, as the server does.)
 */
export function openToNewFields(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) openToNewFields(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as JsonObject;
  if (node.additionalProperties === false) delete node.additionalProperties;
  for (const value of Object.values(node)) openToNewFields(value);
}
