import {
  type BodyOf,
  CommonMessages,
  type DataOf,
  type EntryOf,
  type Envelope,
  type ErrorCode,
  fillPath,
  type Pagination,
  type ParamsOf,
  type QueryOf,
  type RouteInfo,
  STORAGE_KEYS,
} from '@signalroom/shared';
import { useSessionStore } from '../stores/session.store.js';

/** The message shown when the server could not be reached at all. */
export const UNREACHABLE = 'The server could not be reached. Please check your connection and try again.';

/**
 * Why a call failed, for screens that act on it: the envelope's error code where it has one, and
 * `unreachable` when no answer came (pages show their own words for that case).
 */
export type FailureStatus =
  | Exclude<ErrorCode, 'validation_failed' | 'unavailable' | 'internal'>
  | 'unreachable'
  | 'failed';

/** A failed call: the message to show, the server's message per field, and what kind of failure it was. */
export interface ApiFailure {
  ok: false;
  status: FailureStatus;
  message: string;
  fields: Record<string, string>;
  retryAfterSeconds?: number;
}

/**
 * What a call of a contract entry resolves to: the entry's `data` type (with a numbered list's pages, or
 * a list read newest first's cursor to its next page), or the failure.
 */
export type ApiOutcome<T> =
  | { ok: true; data: T; message: string; pagination: Pagination | null; nextCursor?: string | null }
  | ApiFailure;

const STATUS_OF_CODE: Partial<Record<ErrorCode, FailureStatus>> = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  too_large: 'too_large',
  rate_limited: 'rate_limited',
};

/**
 * The one place an error envelope becomes what the page shows: the server's message (the product's words
 * for the case), else the caller's fallback; its field messages; its kind. `null` means no envelope came.
 */
export function failureOf(answer: Pick<Envelope<unknown>, 'message' | 'error'> | null, fallback: string): ApiFailure {
  const code = answer?.error?.code;
  return {
    ok: false,
    status: (code && STATUS_OF_CODE[code]) || 'failed',
    message: answer?.message?.trim() || fallback,
    fields: answer?.error?.fields ?? {},
    ...(answer?.error?.retryAfterSeconds ? { retryAfterSeconds: answer.error.retryAfterSeconds } : {}),
  };
}

/** A failure for a call that got no answer (network down, server gone). */
export function unreachable(message: string = UNREACHABLE): ApiFailure {
  return { ok: false, status: 'unreachable', message, fields: {} };
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * The one handler for a session that died (expired, revoked, logged out elsewhere): a guarded call
 * answered 401 to the token this tab holds. Clearing the session is all it takes: the dashboard shell
 * sees no member and sends the visitor to /login; every store and page simply stops.
 */
export function sessionEnded(): void {
  useSessionStore.getState().clear();
}

/** An abort the caller asked for (a newer request replaced this one): rethrown, never shown. */
export function isAbort(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  return cause instanceof DOMException && cause.name === 'AbortError';
}

/**
 * For a request a component abandons when it unmounts: the abort is expected and ends quietly; anything
 * else is a bug in the page and is logged.
 */
export function ignoreAbort(error: unknown): void {
  if (!isAbort(error)) console.error('Request failed unexpectedly:', error);
}

/** A request part: absent when the entry declares none, optional when every key of it is. */
type Part<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : Record<string, never> extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/** The input of a call: the entry's params, query and body (each required when the entry declares it). */
export type CallInput<R extends RouteInfo> = Part<'params', ParamsOf<EntryOf<R>>> &
  Part<'query', QueryOf<EntryOf<R>>> &
  Part<'body', BodyOf<EntryOf<R>>> & {
    /**
     * Shown when the failure's answer carries no message of its own; through api.ts, replaces the route's
     * own (fallback-messages.ts) for this call.
     */
    fallbackMessage?: string;
    signal?: AbortSignal;
  };

/** The request parts of any route, as a call reads them at run time (`CallInput` is their typed face). */
export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  fallbackMessage?: string;
  signal?: AbortSignal;
}

/**
 * Where a route is called: `/api`, the path with its params filled in, and the query's set values (the
 * address of a plain link too, e.g. a public download).
 */
export function addressOf(route: RouteInfo, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null);
  const search = entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
  return `/api${fillPath(route.path, params)}${search}`;
}

/** What a route answers on success, typed from its contract entry's `data` schema. */
export type AnswerOf<R extends RouteInfo> = DataOf<EntryOf<R>>;

/**
 * The last answer of each GET that came with an ETag (the signal list), by session and address: the
 * next call sends it as If-None-Match and a 304 reuses it, so a 2 s poll that finds nothing new costs
 * the server almost nothing. The session token is part of the key, so no answer crosses sessions.
 */
const validated = new Map<string, { etag: string; envelope: Envelope<unknown> }>();
const MAX_VALIDATED = 20;

/**
 * Calls a route of the API contract (a feature's route table in shared, e.g. `AuthRoutes.login`) with
 * JSON and the stored session token, and resolves to the entry's `data` (typed from its schema) or a
 * failure. Never throws, except when the caller aborts. Only the route table is loaded at run time:
 * the schemas are types here, so zod stays out of pages that do not parse anything themselves. Pages
 * call it through api.ts, which gives every route its function and its fallback message.
 */
export async function callApi<R extends RouteInfo>(route: R, input: CallInput<R>): Promise<ApiOutcome<AnswerOf<R>>> {
  const { params, query, body, fallbackMessage, signal } = input as RequestParts;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const sendsBody = route.method !== 'GET';
  if (sendsBody) headers['content-type'] = 'application/json';
  const address = addressOf(route, params, query);
  const validatorKey = `${token ?? ''} ${address}`;
  const known = route.method === 'GET' ? validated.get(validatorKey) : undefined;
  if (known) headers['if-none-match'] = known.etag;
  let response: Response;
  try {
    response = await fetch(address, {
      method: route.method,
      headers,
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    return unreachable();
  }
  let envelope: Envelope<AnswerOf<R>> | null = null;
  if (response.status === 304 && known) {
    envelope = known.envelope as Envelope<AnswerOf<R>>;
  } else {
    try {
      const parsed = (await response.json()) as Envelope<AnswerOf<R>> | null;
      envelope = parsed && typeof parsed.success === 'boolean' ? parsed : null;
    } catch (error) {
      if (isAbort(error)) throw error;
      envelope = null;
    }
    const etag = response.headers.get('etag');
    if (route.method === 'GET' && response.ok && envelope?.success && etag) {
      if (validated.size >= MAX_VALIDATED) validated.clear();
      validated.set(validatorKey, { etag, envelope });
    } else validated.delete(validatorKey);
  }
  if ((response.ok || response.status === 304) && envelope?.success) {
    return {
      ok: true,
      data: envelope.data as AnswerOf<R>,
      message: envelope.message,
      pagination: envelope.pagination && 'total' in envelope.pagination ? envelope.pagination : null,
      nextCursor: envelope.pagination && 'nextCursor' in envelope.pagination ? envelope.pagination.nextCursor : null,
    };
  }
  if (response.status === 401 && token && route.group !== 'public') sessionEnded();
  return failureOf(
    envelope ?? { message: '', error: { code: response.status >= 500 ? 'internal' : 'validation_failed' } },
    fallbackMessage || response.statusText || CommonMessages.internal,
  );
}

/**
 * The message a page shows for a failed call: the envelope's (failureOf), or the page's own words for
 * the case where no answer came at all.
 */
export function shownMessage(failure: ApiFailure, whenUnreachable: string): string {
  return failure.status === 'unreachable' ? whenUnreachable : failure.message;
}

/** The pagination of a paged list's answer (the server always sends it; one page if it did not). */
export function pageOf(outcome: { data: readonly unknown[]; pagination: Pagination | null }, page: number): Pagination {
  return outcome.pagination ?? { total: outcome.data.length, pages: 1, current: page };
}
