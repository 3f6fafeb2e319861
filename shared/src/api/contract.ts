import { z } from 'zod';
import { type ErrorCode, ZErrorDetail } from '../envelope.js';
import { ZInstant } from '../iso-date.js';

/**
 * Who may call a route. Each group has one guard on the server:
 * - public: anyone;
 * - member: a live session;
 * - unlocked: a member whose signal room is open (unlocked and not guest, or within the trial), or an admin;
 * - live: a member with live access (dashboard unlocked, a paid tier), or an admin: the trial does not
 *   open members' content (the vault, the network, Auto-Copy's notice);
 * - tier: a gold member with an unlocked dashboard, or an admin;
 * - desk: an analyst or an admin (the analyst desk);
 * - admin: an admin (401 without a session, 403 for a member).
 */
export const GUARD_GROUPS = ['public', 'member', 'unlocked', 'live', 'tier', 'desk', 'admin'] as const;
export type GuardGroup = (typeof GUARD_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request parts are objects (strict, so unknown keys are refused with their own message). */
type ZObjectSchema = z.ZodType<Record<string, unknown>>;

/** Where a route lives and who may call it: plain data, all a client needs at run time. */
export interface RouteInfo {
  method: HttpMethod;
  /** Relative to /api, with `:name` params. */
  path: string;
  group: GuardGroup;
  /** Success status; 200 unless the call creates something. */
  status?: 200 | 201;
  /**
   * The envelope carries `pagination`: `true` for numbered pages (`{ total, pages, current }`), `cursor`
   * for a list read newest first (`{ nextCursor }`, null on the last page).
   */
  paged?: boolean | 'cursor';
  /** The answer is a file download (bytes), not an envelope. */
  file?: boolean;
  /**
   * A create that honours an `Idempotency-Key` header (per member, for 24 hours): the same key and body
   * answer the first answer again and create nothing; the key with another body answers 422; while the
   * first is being handled, 409.
   */
  idempotent?: true;
  /**
   * A read that also accepts a member's API key (`Authorization: Bearer sr_...`) in place of a session,
   * with the same access as the member's session. Every other route refuses a key with 403.
   */
  apiKey?: true;
  /** The answer carries an `ETag`; a request with that tag in `If-None-Match` answers 304 with no body. */
  etag?: true;
}

/** What a route takes and answers: zod schemas the server parses and encodes with, and OpenAPI shows. */
export interface RouteSchemas {
  summary: string;
  params?: ZObjectSchema;
  query?: ZObjectSchema;
  body?: ZObjectSchema;
  /** The envelope's `data` on success (z.null() for calls that answer nothing). */
  data: z.ZodType;
  /** Other statuses that answer the same envelope shape (health's 503 `degraded`). */
  alsoAnswers?: number[];
  /** A file route's Content-Types (what its download really is; OpenAPI declares these, not JSON). */
  media?: readonly string[];
  /**
   * Errors the route's own rules raise, beyond those every route of its kind can answer (which the
   * server derives: refused input, its group's 401 and 403, 404 for an id in the path, 413 and 415 for a
   * body, 429 for a rate-limited route, 500, 503): a 409 of a business rule, a 401 of a wrong password.
   */
  raises?: readonly ErrorCode[];
  /** A multipart upload: its text fields (parsed with this schema) and the name of its one file part. */
  upload?: { fields: ZObjectSchema; file: string };
}

/**
 * One API route: its place (RouteInfo, in a feature's route table) and its schemas, each written once
 * and joined by `withSchemas`. The server registers, validates and serialises with it and documents it
 * in OpenAPI; the web client calls the route table and takes its types from the joined entry.
 */
export type RouteContract = RouteInfo & RouteSchemas;

/** A feature's route table: each call's place, by name. */
export type RouteTable = Record<string, RouteInfo>;

/**
 * Joins a route table with the schemas of each route (the same names). Free of side effects, so a
 * bundle that uses only the route table (the web client) leaves the schemas, and zod, out.
 */
export function withSchemas<R extends RouteTable, S extends { [K in keyof R]: RouteSchemas }>(
  routes: R,
  schemas: S,
): { [K in keyof R]: R[K] & S[K] } {
  return Object.fromEntries(Object.entries(routes).map(([name, info]) => [name, { ...info, ...schemas[name] }])) as {
    [K in keyof R]: R[K] & S[K];
  };
}

export const ZPagination = z.object({ total: z.number().int(), pages: z.number().int(), current: z.number().int() });

/** The pagination of a list read newest first: pass `nextCursor` as `before` for the next page. */
export const ZCursorPagination = z.object({
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** The one envelope every JSON answer has, around a route's `data`. */
export function envelopeOf<D extends z.ZodType>(data: D, paged: boolean | 'cursor' = false) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    error: ZErrorDetail.nullable(),
    timestamp: ZInstant,
    ...(paged === 'cursor' ? { pagination: ZCursorPagination } : paged ? { pagination: ZPagination } : {}),
  });
}

/** What a failure answers: the envelope with no data and an error detail. */
export const ZFailureEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  error: ZErrorDetail,
  timestamp: ZInstant,
});

/** A request part that takes nothing (calls that must be sent with an empty JSON object). */
export const ZNothing = z.object({}).strict();

/** The success `data` of a route, as the client receives it. */
export type DataOf<C extends RouteContract> = z.output<C['data']>;
/** The body a route takes, as the caller writes it. */
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
/** The query a route takes, as the caller writes it. */
export type QueryOf<C extends RouteContract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
/** The path parameters of a route. */
export type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType ? z.input<C['params']> : undefined;

/** The name OpenAPI gives a route's trailing `*` (the rest of the path, over several segments). */
export const REST_OF_PATH_PARAM = 'path';

/**
 * A route's path as the OpenAPI document writes it: under /api, `:name` as `{name}`, and a trailing `*`
 * (a static file's path, e.g. a tile's) as `{path}`.
 */
export function openApiPath(path: string): string {
  return `/api${path}`.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, `/{${REST_OF_PATH_PARAM}}`);
}

/** The path with its `:name` parameters filled in (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
