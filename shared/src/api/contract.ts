import { z } from 'zod';
import { ZErrorDetail } from '../envelope.js';

/**
 * Who may call a route. Each group has one guard on the server:
 * - public: anyone;
 * - member: a live session;
 * - unlocked: a member whose signal room is open (unlocked and not guest, or within the trial), or an admin;
 * - tier: a gold member with an unlocked dashboard, or an admin;
 * - admin: an admin (401 without a session, 403 for a member).
 */
export const GUARD_GROUPS = ['public', 'member', 'unlocked', 'tier', 'admin'] as const;
export type GuardGroup = (typeof GUARD_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Request parts are objects (strict, so unknown keys are refused with their own message). */
type ZObjectSchema = z.ZodType<Record<string, unknown>>;

/**
 * One API route, declared once: the server registers, validates and serialises with it and documents
 * it in OpenAPI; the web client types its call from it. `path` is relative to /api, with `:name` params.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  group: GuardGroup;
  summary: string;
  params?: ZObjectSchema;
  query?: ZObjectSchema;
  body?: ZObjectSchema;
  /** The envelope's `data` on success (z.null() for calls that answer nothing). */
  data: z.ZodType;
  /** Success status; 200 unless the call creates something. */
  status?: 200 | 201;
  /** The envelope carries `pagination` (paged lists). */
  paged?: boolean;
  /** The answer is a file download (bytes), not an envelope. */
  file?: boolean;
  /** Other statuses that answer the same envelope shape (health's 503 `degraded`). */
  alsoAnswers?: number[];
}

/** Keeps a contract entry's exact types (its schemas) for inference. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

export const ZPagination = z.object({ total: z.number().int(), pages: z.number().int(), current: z.number().int() });

/** The one envelope every JSON answer has, around a route's `data`. */
export function envelopeOf<D extends z.ZodType>(data: D, paged = false) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    error: ZErrorDetail.nullable(),
    timestamp: z.string(),
    ...(paged ? { pagination: ZPagination } : {}),
  });
}

/** What a failure answers: the envelope with no data and an error detail. */
export const ZFailureEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  error: ZErrorDetail,
  timestamp: z.string(),
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

/** The path with its `:name` parameters filled in (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
